/** What the studio-setup module offers other modules (decision 025): a new studio's defaults. */
export { seedStudioDefaults, seedStudiosDefaults } from './studio-defaults';

import { defineCall } from '../contract';
import {
  moneySettingsInput,
  moneySettingsSaved,
  studioDetailsInput,
  studioDetailsSaved,
  studioSettingsResult,
} from './schema';

const tags = ['studio settings'];

/** The studio's details and money settings. */
export const studioSettingsCalls = {
  get: defineCall({
    method: 'GET',
    path: '/api/mystudio/settings',
    answer: studioSettingsResult,
    access: 'owner',
    keep: true,
    summary: "The studio's details and money settings (amounts in cents)",
    tags,
  }),
  saveStudio: defineCall({
    method: 'PUT',
    path: '/api/mystudio/settings/studio',
    body: studioDetailsInput,
    answer: studioDetailsSaved,
    access: 'owner',
    summary: "Change the studio's name, address, phone, e-mail and time zone",
    tags,
  }),
  saveMoney: defineCall({
    method: 'PUT',
    path: '/api/mystudio/settings/money',
    body: moneySettingsInput,
    answer: moneySettingsSaved,
    access: 'owner',
    summary: 'Change the unlimited cap, the sibling index mode and the fees (amounts in cents)',
    description: 'The whole setting: fields left out take their defaults.',
    tags,
  }),
};

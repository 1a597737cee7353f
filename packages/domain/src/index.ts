export * from './auth/schema';
export * from './calls';
export * from './constants';
export * from './contract';
export * from './envelope';
export * from './field-messages';
export * from './fields';
export * from './format';
export * from './ids';
export * from './messages';
export * from './policies';
export * from './registration/schema';
export * from './year-terms/current-change';
export * from './year-terms/schema';

// Money rules (issue 3): tuition, discounts, the unlimited cap, proration, payment plans.

export * from './auth/calls';
// Class registration (issue 15).
export * from './class-registration/calls';
export * from './class-registration/eligibility';
export * from './class-registration/explain-payment';
export * from './class-registration/plan-revision';
export * from './class-registration/quote';
export * from './class-registration/schema';
export * from './class-registration/waitlist';
export * from './dates';
export * from './discounts/calls';
// Studio configuration (issue 4).
export * from './discounts/schema';
// Families (issue 6).
export * from './families/account';
export * from './families/age';
export * from './families/calls';
export * from './families/log';
export * from './families/schema';
export * from './families/terms-acceptance';
export * from './genres/calls';
export * from './genres/schema';
// The declared calls of each area (decision 022).
export * from './health/calls';
export * from './inputs/calls';
// The class schedule and private lessons (issue 5).
export * from './inputs/schema';
export * from './ledger/calls';
export * from './ledger/rules';
export * from './ledger/schema';
export * from './locations/calls';
export * from './locations/schema';
export * from './money';
export * from './payment-system/calls';
export * from './payment-system/default-plans';
export * from './payment-system/schema';
export * from './privates/calls';
export * from './privates/schema';
export * from './registration/calls';
export * from './schedule/calls';
export * from './schedule/min-genre';
export * from './schedule/schema';
export * from './schedule/time';
export * from './settings/schema';
export * from './studio-settings/calls';
export * from './studio-settings/schema';
export * from './studio-setup/calls';
export * from './studio-setup/schema';
export * from './teachers/calls';
export * from './teachers/schema';
export * from './terms-documents/calls';
export * from './terms-documents/schema';
export * from './tuition/compute-family-tuition';
export * from './tuition/payment-schedule';
export * from './tuition/period-charge';
export * from './tuition/schema';
export * from './tuition/types';
export * from './tuition-prices/calls';
export * from './tuition-prices/schema';
export * from './year-terms/calls';

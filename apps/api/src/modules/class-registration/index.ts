/** What the class-registration module offers the rest of the server (decision 025): the demo seed prices through it. */
export { loadBuilderClasses } from './builder-classes';
export { applyChanges } from './changes.service';
export { findFamilyTerm, insertFamilyTerm, markDropped } from './enrolment.queries';
export { queueOffers } from './freed-places';
export { checkImportedEnrolments, importEnrolments } from './import-enrolments';
export { classRegistrationJobs } from './jobs';
export { loadPricingRules } from './pricing';
export { reviseFamily } from './revise';

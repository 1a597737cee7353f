/** What the class-registration module offers the rest of the server (decision 025): the demo seed prices through it. */
export { findFamilyTerm, insertFamilyTerm, markDropped } from './enrolment.queries';
export { loadPricingRules } from './pricing';
export { reviseFamily } from './revise';

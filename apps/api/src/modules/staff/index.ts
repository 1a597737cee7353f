/**
 * What the staff module offers (decision 061): its routes only. Teachers' sign-in state, invitations
 * and their own classes are read through its calls.
 */
export { staffRoutes } from './staff.routes';

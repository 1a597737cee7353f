import { authCalls, studioSettingsCalls } from '@pirouette/domain';
import { scopeOf, useCall, useCallMutation } from '../../../lib/call';

const settings = scopeOf(studioSettingsCalls.get);

/** The studio's details and money settings (amounts in cents). */
export const useStudioSettings = () => useCall(studioSettingsCalls.get);

/** The session carries the studio's name and time zone, so it is fetched again too. */
export const useUpdateStudioDetails = () =>
  useCallMutation(studioSettingsCalls.saveStudio, { invalidates: [settings, scopeOf(authCalls.me)] });

export const useUpdateMoneySettings = () =>
  useCallMutation(studioSettingsCalls.saveMoney, { invalidates: [settings] });

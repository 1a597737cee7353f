import {
  ACTIVITY_STEP_FLAGS,
  type ActivityFlag,
  type ActivityStep,
  type ClassInfo,
  type DanceNumberActivityItem,
} from '@pirouette/domain';

export type { ActivityFlag, ActivityStep };

export const ACTIVITY_FLAGS: readonly { flag: ActivityFlag; label: string; short: string }[] = [
  { flag: 'active', label: 'Active', short: 'Active' },
  { flag: 'competition', label: 'Competition', short: 'Comp.' },
  { flag: 'recital', label: 'Recital', short: 'Recital' },
  { flag: 'costume', label: 'Costume', short: 'Costume' },
];

const FIELD = {
  active: 'dncNumActive',
  competition: 'dncNumCompetition',
  recital: 'dncNumRecital',
  costume: 'dncNumCostume',
} as const satisfies Record<ActivityFlag, keyof DanceNumberActivityItem>;

const STEPS = [1, 2, 3, 4] as const;

export const isOn = (item: DanceNumberActivityItem, flag: ActivityFlag) => item[FIELD[flag]] === 1;

/**
 * The update step of a switch (002 §4): "active" is step 1, which sets all four; competition,
 * recital and costume are steps 2, 3 and 4, each setting only its own flag.
 */
export function activityStep(flag: ActivityFlag): ActivityStep {
  const step = STEPS.find((s) => ACTIVITY_STEP_FLAGS[s][0] === flag);
  if (!step) throw new Error(`No activity step sets ${flag}`);
  return step;
}

/** What flipping a switch sends: its step, and the value it flips to (flags toggle between 0 and 1). */
export function toggleRequest(item: DanceNumberActivityItem, flag: ActivityFlag) {
  return { step: activityStep(flag), status: isOn(item, flag) ? 0 : 1 } as const;
}

/** An activity row after a step: every flag the step sets takes the status. */
export function applyStep(item: DanceNumberActivityItem, step: ActivityStep, status: 0 | 1) {
  const next = { ...item };
  for (const flag of ACTIVITY_STEP_FLAGS[step]) next[FIELD[flag]] = status;
  return next;
}

/** A class's info with one activity row changed, both in the flat list and inside its registration. */
export function applyStepToInfo(
  info: ClassInfo,
  dncNumActID: string,
  step: ActivityStep,
  status: 0 | 1,
): ClassInfo {
  const change = (item: DanceNumberActivityItem) =>
    item.dncNumActID === dncNumActID ? applyStep(item, step, status) : item;
  return {
    ...info,
    dncNumAct: info.dncNumAct.map(change),
    clsRegAct: info.clsRegAct.map((reg) => ({ ...reg, dncNum: reg.dncNum.map(change) })),
  };
}

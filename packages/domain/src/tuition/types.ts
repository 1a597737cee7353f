import type { DateOnly, Weekday } from '../dates';

/**
 * Results of the money rules. The fields domain-rules.md names keep their names and meaning; everything
 * else (`explain`, `cap`, …) is added so a screen can show a parent why a price is what it is.
 */

/** One discount applied to one class (steps 2 and 4 of domain-rules.md §1). */
export type DiscountStep = {
  kind: 'multiClass' | 'sibling';
  /** Position of the discount in the input's `discounts` list. */
  discount: number;
  /** The discount's `id`, when the input gave one. */
  discountId?: string;
  typeID: 100 | 200;
  vTypeID: 100 | 200;
  value: number;
  rValue: number;
  /** The index in the formula: `i = nTh − 1` (multi-class) or `k` (sibling). */
  index: number;
  before: number;
  after: number;
  /** `before − after`, in cents; 0 when the index is 0 or the rounding ate the discount. */
  amount: number;
  /**
   * True when rounding to `rValue` would have given more than `before`; the price was kept, because a
   * discount never raises a price (see docs/decisions/010-money-rules-readings.md).
   */
  keptBecauseRoundingRaised: boolean;
};

/** The unlimited cap's share for one class (step 5). */
export type CapStep = {
  kind: 'cap';
  /** The student's cap (`first` or `others`) and the total it replaced. */
  cap: number;
  studentTotal: number;
  before: number;
  after: number;
  amount: number;
  /** True when this class received one of the cents handed out by largest remainder. */
  extraCent: boolean;
};

export type ClassExplainStep = DiscountStep | CapStep;

export type TuitionClassResult = {
  id: string;
  /** Position among the student's discountable classes, 1, 2, 3 …; 0 for a class that takes no discount. */
  nTh: number;
  /** Base price. */
  Pr_0: number;
  /** Price after the multi-class and sibling discounts. */
  Pr_i: number;
  /** Final price, after the unlimited cap. */
  Pr_f: number;
  applyDiscount: boolean;
  explain: ClassExplainStep[];
};

export type StudentCap = {
  /** `first` for the student at position 0, `others` for the rest. */
  limit: number;
  /** The sum of `Pr_i` before the cap. */
  totalBefore: number;
  reducedBy: number;
};

export type TuitionStudentResult = {
  id: string;
  position: number;
  total: number;
  /** True when this student's total was capped (position 0 at `first`, later students at `others`). */
  unlimited: boolean;
  /** The sum of prices after the multi-class discount: what orders the students (step 3). */
  orderTotal: number;
  cap: StudentCap | null;
  classes: TuitionClassResult[];
};

export type TuitionResult = {
  total: number;
  students: TuitionStudentResult[];
};

export type PaymentPeriod = 'completed' | 'inProgress' | 'remaining';

/** How much of an in-progress period is left when the effective date splits it. */
export type PeriodSplit = {
  /** Days from the effective date to `dateEnd`, inclusive. */
  daysLeft: number;
  /** Days from `dateStart` to `dateEnd`, inclusive. */
  daysTotal: number;
  /** `daysLeft / daysTotal` rounded down to a quarter percent. */
  f: number;
};

export type ClassMeetings = {
  classId: string;
  day: Weekday;
  price: number;
  meetings: number;
  charge: number;
};

export type PaymentExplain =
  | { rule: 'completed' }
  | ({ rule: 'tooLittleLeft' } & PeriodSplit)
  | { rule: 'full'; ratio: number; discount: number }
  | ({
      rule: 'classMeetings';
      discount: number;
      meetings: ClassMeetings[];
      chargeBeforeDiscount: number;
    } & PeriodSplit)
  | ({ rule: 'fraction'; ratio: number; discount: number } & PeriodSplit);

export type SchedulePayment = {
  id: string;
  name: string;
  dateStart: DateOnly;
  dateEnd: DateOnly;
  dateDue: DateOnly;
  period: PaymentPeriod;
  xPlanFinal: number;
  val: number;
  /** The spec's spelling: whether the payment counts. */
  isRelivent: boolean;
  /** True when the due date was moved to the effective date (in progress, or due before it). */
  dueIsEffectiveDate: boolean;
  explain: PaymentExplain;
};

export type SchedulePlan = {
  id: string;
  name: string;
  isDefault: boolean;
  nPays: number;
  discount: number;
  /** `default.nPays / plan.nPays`. */
  ratio: number;
  /** The family's monthly total M, the sum of the classes' prices. */
  monthly: number;
  total: number;
  payments: SchedulePayment[];
};

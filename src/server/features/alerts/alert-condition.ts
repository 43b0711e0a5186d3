/** A condition that holds now: opens an alert (rule, subject) unless one is open already. */
export interface AlertCondition {
  rule: string;
  subject: string;
  title: string;
  detail: string;
  /** The app page that explains it. */
  link: string;
}

/** A built-in anomaly rule that could not judge its day: too little history for an interval. */
export interface ThinHistory {
  rule: string;
  subject: string;
  note: string;
}

/** A condition that holds now: opens an alert (rule, subject) unless one is open already. */
export interface AlertCondition {
  rule: string;
  subject: string;
  title: string;
  detail: string;
  /** The app page that explains it. */
  link: string;
}

import { FIRST_PARTY_GRADES, type FirstPartyGrade } from '../../shared/contracts/first-party.ts';

/** The health grade of an attribution rate (0–1): ≥ 90 % good, ≥ 80 % fair, else poor. */
export function gradeAttributionRate(rate: number): FirstPartyGrade {
  if (rate >= FIRST_PARTY_GRADES.good) return 'good';
  if (rate >= FIRST_PARTY_GRADES.fair) return 'fair';
  return 'poor';
}

/** Conversions and value credited to one channel by an attribution model. */
export interface ChannelCredit {
  channel: string;
  conversions: number;
  value: number;
}

export type HeuristicModel = 'first' | 'last' | 'last-non-direct' | 'linear' | 'position';
export type AttributionModel = HeuristicModel | 'markov' | 'shapley';

import { InvalidParamsError } from '../../domain/assistant-tools/tool-definition.ts';

/** One prompt: its arguments and the user message it expands to. */
interface UpsidePrompt {
  name: string;
  title: string;
  description: string;
  arguments: Array<{ name: string; description: string; required: boolean }>;
  text(args: Record<string, string>): string;
}

const GROUNDING =
  'Use only the figures Upside’s tools return, quote them with their currency and window, say which are estimates, and name the tool each figure came from.';

/** The prompts of Ask Upside: the weekly review, "why did X change", "where am I losing money". */
export const UPSIDE_PROMPTS: readonly UpsidePrompt[] = [
  {
    name: 'weekly_review',
    title: 'Weekly review',
    description: 'A review of the last 7 complete shop days against the 7 before.',
    arguments: [],
    text: () =>
      `Give me my weekly review. Call get_data_freshness first, then get_kpis and get_profit for the last 7 complete shop days (the window get_kpis states), explain_change for the same days, get_campaigns, get_stockouts and get_alerts. Summarise revenue, contribution margin and net profit against the week before, what drove the change, and the three actions worth taking. ${GROUNDING}`,
  },
  {
    name: 'why_did_it_change',
    title: 'Why did X change?',
    description: 'Explains the change of one metric between a period and the one before it.',
    arguments: [
      {
        name: 'metric',
        description: 'The metric, e.g. net revenue, contribution margin, ROAS',
        required: true,
      },
      { name: 'days', description: '7, 30 or 90 (default 30)', required: false },
    ],
    text: ({ metric, days }) =>
      `Why did my ${metric} change over the last ${days ?? '30'} complete shop days compared with the ${days ?? '30'} days before? Call get_kpis to get the window and both figures, explain_change for the products, channels and segments that drove it, and get_profit for the same window if the metric is a profit line. ${GROUNDING}`,
  },
  {
    name: 'where_am_i_losing_money',
    title: 'Where am I losing money?',
    description: 'Finds the products, campaigns and stock-outs that cost the store money.',
    arguments: [],
    text: () =>
      `Where am I losing money? Call get_kpis for the last 30 days to learn the window, then get_product_contribution for that window (products with negative contribution), get_campaigns (campaigns with a contribution below zero or POAS under 1), get_stockouts (revenue lost to stock-outs) and get_opportunities sorted by profit. Rank the leaks by money lost. ${GROUNDING}`,
  },
];

/** The messages of prompts/get, or -32602 naming an unknown prompt or a missing argument. */
export function expandPrompt(name: string, args: Record<string, string> | undefined) {
  const prompt = UPSIDE_PROMPTS.find((candidate) => candidate.name === name);
  if (!prompt) throw new InvalidParamsError(`Unknown prompt: ${name}`, { prompt: name });
  const given = args ?? {};
  const missing = prompt.arguments.find((argument) => argument.required && !given[argument.name]);
  if (missing)
    throw new InvalidParamsError(`Missing argument ${missing.name} for prompt ${name}`, {
      prompt: name,
      field: missing.name,
    });
  return {
    description: prompt.description,
    messages: [{ role: 'user' as const, content: { type: 'text' as const, text: prompt.text(given) } }],
  };
}

import { allows } from '../../../shared/permissions.ts';
import { AppError } from '../../errors.ts';
import { redactPayload } from '../../http/visibility/redact-payload.ts';
import { getCohorts, getCustomerSegments, getForecast, getStockouts } from './customer-tools.ts';
import { getFunnelReport } from './funnel-tools.ts';
import { getAttribution, getCampaigns, getChannelAttribution, getOpportunities } from './marketing-tools.ts';
import { getAlerts, getDataFreshness, getHeatmapSummary, lookupOrder } from './operations-tools.ts';
import { explainChange, getKpis, getProductContribution, getProfit } from './sales-tools.ts';
import {
  InvalidParamsError,
  type RegisteredTool,
  type ToolAnswer,
  type ToolContext,
} from './tool-definition.ts';

/** Every tool of Ask Upside, in the order tools/list shows them. None writes anything. */
export const UPSIDE_TOOLS: readonly RegisteredTool[] = [
  getProfit,
  getKpis,
  explainChange,
  getProductContribution,
  getCampaigns,
  getChannelAttribution,
  getAttribution,
  getOpportunities,
  getCustomerSegments,
  getCohorts,
  getForecast,
  getStockouts,
  getHeatmapSummary,
  getFunnelReport,
  getAlerts,
  lookupOrder,
  getDataFreshness,
];

const TOOLS_BY_NAME = new Map(UPSIDE_TOOLS.map((tool) => [tool.name, tool]));

/** A tool's answer as the caller may see it, or an MCP error naming what was wrong. */
export type ToolOutcome = { ok: true; answer: ToolAnswer } | { ok: false; message: string };

/**
 * Calls one tool as the token's principal, with the rules of the endpoint it mirrors: an unknown
 * tool or invalid arguments are -32602 (protocol errors naming the tool or the field); a role or
 * cost switch that lacks the endpoint's permission, and a failure the page would show (no Shopify
 * connection, an order not found), come back as a tool error the model can read; cost and personal
 * figures are withheld exactly as the permission hook withholds them from the page's answer.
 */
export async function callUpsideTool(
  context: ToolContext,
  name: string,
  args: unknown,
): Promise<ToolOutcome> {
  const tool = TOOLS_BY_NAME.get(name);
  if (!tool)
    throw new InvalidParamsError(
      `Unknown tool: ${name}. tools/list names the ${UPSIDE_TOOLS.length} tools.`,
      {
        tool: name,
      },
    );
  const { principal } = context;
  if (!allows(principal, tool.permission))
    return {
      ok: false,
      message:
        tool.permission === 'costs:read'
          ? 'You do not have access to costs and profit; ask an owner of the workspace to turn it on for you.'
          : `Your role (${principal.role}) does not allow this; ask an owner or admin of the workspace.`,
    };
  try {
    const answer = await tool.call(context, args);
    const redaction = {
      costs: !principal.canSeeCosts,
      personalData: tool.personalData && !principal.canSeePersonalData,
    };
    if (!redaction.costs && !redaction.personalData) return { ok: true, answer };
    return { ok: true, answer: { ...answer, data: redactPayload(answer.data, redaction) } };
  } catch (error) {
    if (error instanceof AppError && error.status < 500) return { ok: false, message: error.message };
    throw error;
  }
}

import { ErrorCode } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import type { Permission } from '../../../shared/permissions.ts';
import type { AppDeps } from '../../http/deps.ts';
import type { SessionPrincipal } from '../../platform/session/manage-sessions.ts';

/** Who calls a tool and with what: the token's principal (its store, its creator's role) and the app. */
export interface ToolContext {
  deps: AppDeps;
  principal: SessionPrincipal;
}

/** Inclusive shop days a figure covers, and the period it is compared with when it is. */
export interface ToolWindow {
  from: string;
  to: string;
  previousFrom?: string;
  previousTo?: string;
  timeZone: string | null;
}

/**
 * What every tool answers (structuredContent): the figures as the page's service returns them
 * (`data`, the same shape as `source`'s JSON), the window and currency they are in, and what the
 * figures mean, so a model never has to guess a unit or recompute a sum.
 */
export interface ToolAnswer {
  /** The API endpoint whose answer `data` equals, for the same window. */
  source: string;
  window: ToolWindow | null;
  currency: string | null;
  /** How to read the figures: units, rules, which are estimates. */
  definitions: Record<string, string>;
  data: unknown;
}

/** A read-only tool over one page's service. */
export interface UpsideTool<S extends z.ZodType> {
  name: string;
  title: string;
  description: string;
  input: S;
  /** The permission of the endpoint the tool mirrors (its `config.access`). */
  permission: Permission;
  /** Its answers carry customers' names and e-mails (masked without "can see personal data"). */
  personalData?: boolean;
  run(context: ToolContext, args: z.output<S>): Promise<ToolAnswer>;
}

/** A tool with its input checked: what the registry holds, whatever its schema's type. */
export interface RegisteredTool {
  name: string;
  title: string;
  description: string;
  inputSchema: { type: 'object'; [key: string]: unknown };
  permission: Permission;
  personalData: boolean;
  call(context: ToolContext, args: unknown): Promise<ToolAnswer>;
}

/** The first field a zod issue names ('from', 'comparison.to'), or '(arguments)' for the whole object. */
const fieldOf = (issue: z.core.$ZodIssue) => (issue.path.length ? issue.path.join('.') : '(arguments)');

/**
 * A JSON-RPC error the SDK sends as it is (`code`, `message`, `data`): unlike the SDK's McpError its
 * message carries no "MCP error -32602:" prefix, which the client's McpError adds once.
 */
export class InvalidParamsError extends Error {
  override name = 'InvalidParamsError';
  readonly code = ErrorCode.InvalidParams;
  constructor(
    message: string,
    readonly data: Record<string, unknown>,
  ) {
    super(message);
  }
}

/** -32602 naming every bad field, as `field: message; …` and in `data.issues`. */
export function invalidArguments(
  tool: string,
  issues: Array<{ field: string; message: string }>,
): InvalidParamsError {
  const text = issues.map((issue) => `${issue.field}: ${issue.message}`).join('; ');
  return new InvalidParamsError(`Invalid arguments for tool ${tool}: ${text}`, { tool, issues });
}

export function defineTool<S extends z.ZodType>(tool: UpsideTool<S>): RegisteredTool {
  const jsonSchema = z.toJSONSchema(tool.input, { io: 'input', unrepresentable: 'any' });
  const { $schema: _schema, ...inputSchema } = jsonSchema as Record<string, unknown>;
  return {
    name: tool.name,
    title: tool.title,
    description: tool.description,
    inputSchema: { ...inputSchema, type: 'object' },
    permission: tool.permission,
    personalData: tool.personalData ?? false,
    async call(context, args) {
      const parsed = await tool.input.safeParseAsync(args ?? {});
      if (!parsed.success)
        throw invalidArguments(
          tool.name,
          parsed.error.issues.map((issue) => ({ field: fieldOf(issue), message: issue.message })),
        );
      return tool.run(context, parsed.data);
    },
  };
}

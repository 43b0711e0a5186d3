import { Button } from '@web/components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card.tsx';
import { Bot } from 'lucide-react';
import { useCreateApiToken } from '../api/use-api-tokens.ts';

/** The MCP client configuration (Claude Desktop's claude_desktop_config.json shape) for this app. */
function assistantConfig(token: string, origin: string): string {
  return JSON.stringify(
    {
      mcpServers: { upside: { command: 'npx', args: ['upside', 'mcp', '--token', token, '--url', origin] } },
    },
    null,
    2,
  );
}

/**
 * Connect an AI assistant (issue 42): creates a fresh read-only API token and shows the exact MCP
 * client configuration with it — stdio through `npx upside mcp`, or Streamable HTTP at /mcp with
 * the token as a Bearer header. The token is shown this once, like any new token.
 */
export function ConnectAssistantPanel() {
  const create = useCreateApiToken();
  const origin = window.location.origin;
  return (
    <Card id="connect-assistant">
      <CardHeader>
        <CardTitle className="flex items-center gap-2 text-base">
          <Bot aria-hidden="true" className="size-5 text-indigo-300" /> Connect an AI assistant
        </CardTitle>
        <CardDescription>
          Let Claude Desktop, Cursor or any MCP client answer questions with this store’s own figures. Every
          tool is read-only; the token reads this store only and can be revoked under API tokens.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3 text-sm">
        <Button
          className="h-auto w-fit max-w-full whitespace-normal py-2 text-left"
          disabled={create.isPending}
          onClick={() => create.mutate({ name: `AI assistant ${new Date().toISOString().slice(0, 10)}` })}
        >
          Create a read-only token and show the configuration
        </Button>
        {create.data ? (
          <>
            <p className="text-emerald-200">
              Paste this into your MCP client’s configuration (Claude Desktop: Settings → Developer → Edit
              Config). The token is not shown again.
            </p>
            <pre
              className="overflow-x-auto rounded-md bg-slate-950 p-3 text-xs text-slate-100"
              data-testid="mcp-config"
            >
              {assistantConfig(create.data.token, origin)}
            </pre>
            <p className="text-slate-300">
              Clients that speak Streamable HTTP: URL <code>{`${origin}/mcp`}</code> with the header{' '}
              <code>{`Authorization: Bearer ${create.data.token}`}</code>.
            </p>
          </>
        ) : null}
        {create.error ? <p className="text-rose-300">{create.error.message}</p> : null}
      </CardContent>
    </Card>
  );
}

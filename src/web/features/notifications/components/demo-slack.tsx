import { Button } from '@web/components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card.tsx';
import { errorSentence } from '@web/lib/api-error.ts';
import { useChannels, useCreateChannel, useDemoSlack } from '../api/use-notifications.ts';

const DEMO_CHANNEL_NAME = '#demo-slack';

/**
 * Demo mode: the Slack webhook emulator runs beside the app, so a Slack channel can be added and
 * tested with no Slack workspace; shows what it received (it checks payloads as Slack does).
 */
export function DemoSlack() {
  const slack = useDemoSlack();
  const channels = useChannels();
  const create = useCreateChannel();
  const webhookUrl = slack.data?.webhookUrl;
  if (!webhookUrl) return null;
  const added = channels.data?.channels.some((c) => c.type === 'slack' && c.name === DEMO_CHANNEL_NAME);
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-base">Demo Slack</CardTitle>
        <CardDescription>
          A local Slack webhook emulator: add it as a Slack channel, press “Send test”, and the message shows
          here. Its URL: <code className="break-all">{webhookUrl}</code>
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3">
        <div>
          <Button
            type="button"
            disabled={added || create.isPending}
            onClick={() => create.mutate({ type: 'slack', target: webhookUrl, name: DEMO_CHANNEL_NAME })}
          >
            {added ? 'Demo Slack channel added' : 'Add the demo Slack as a channel'}
          </Button>
          {create.error ? (
            <p className="mt-1 text-sm text-rose-300">
              {errorSentence(create.error, 'The channel could not be added.')}
            </p>
          ) : null}
        </div>
        {slack.data?.messages.length ? (
          <ul className="grid gap-2" data-testid="demo-slack-messages">
            {slack.data.messages.map((message) => (
              <li
                key={message.receivedAt}
                className="rounded-md border border-slate-800 p-2 text-sm text-slate-200"
              >
                {message.text ?? '(blocks only)'}{' '}
                <span className="text-xs text-slate-500">
                  {new Date(message.receivedAt).toLocaleString()}
                </span>
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-sm text-slate-400">No Slack message received yet.</p>
        )}
      </CardContent>
    </Card>
  );
}

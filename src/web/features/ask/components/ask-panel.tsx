import type { AskToolCall } from '@shared/contracts/ask.ts';
import { Button } from '@web/components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card.tsx';
import { Input } from '@web/components/ui/input.tsx';
import { MessageSquare } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { useAsk, useAskConfig } from '../api/use-ask.ts';

/** One tool call beside the answer: what was asked of which tool, and the figures it returned. */
function ToolCallItem({ call }: { call: AskToolCall }) {
  return (
    <li className="rounded-md border border-slate-800 p-2" data-testid="ask-tool-call">
      <p className="font-mono text-xs text-indigo-200">
        {call.name}({JSON.stringify(call.arguments)})
      </p>
      {call.result ? (
        <p className="text-xs text-slate-400">
          {call.result.source}
          {call.result.window ? ` · ${call.result.window.from} to ${call.result.window.to}` : ''}
          {call.result.currency ? ` · ${call.result.currency}` : ''}
        </p>
      ) : null}
      {call.error ? <p className="text-xs text-rose-300">{call.error}</p> : null}
      {call.result ? (
        <details className="mt-1 text-xs">
          <summary className="cursor-pointer text-slate-300">Figures</summary>
          <pre className="max-h-64 overflow-auto text-slate-200">
            {JSON.stringify(call.result.data, null, 2)}
          </pre>
        </details>
      ) : null}
    </li>
  );
}

/**
 * Ask Upside (issue 42): a question answered by the owner's OpenAI-compatible model with Upside's
 * read-only tools, each tool call and its figures shown beside the answer; without a configured
 * model, how to configure one.
 */
export function AskPanel() {
  const config = useAskConfig();
  const ask = useAsk();
  const [question, setQuestion] = useState('');
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    ask.mutate(question);
  };
  return (
    <Card id="ask-upside">
      <CardHeader>
        <CardTitle className="flex items-center gap-2 text-base">
          <MessageSquare aria-hidden="true" className="size-5 text-indigo-300" /> Ask Upside
        </CardTitle>
        <CardDescription>
          {config.data?.configured
            ? `Answered by ${config.data.model ?? 'your model'} with this store’s own figures.`
            : 'Ask your analytics in a sentence, answered by a model you choose.'}
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3 text-sm">
        {config.data && !config.data.configured ? (
          <p className="text-slate-300" data-testid="ask-setup">
            {config.data.setup}
          </p>
        ) : null}
        {config.data?.configured ? (
          <form className="flex flex-wrap gap-2" onSubmit={onSubmit}>
            <Input
              aria-label="Question"
              className="min-w-64 flex-1"
              value={question}
              maxLength={2000}
              placeholder="What was my contribution margin last week and why did it drop?"
              onChange={(event) => setQuestion(event.target.value)}
            />
            <Button type="submit" disabled={ask.isPending || question.trim() === ''}>
              {ask.isPending ? 'Asking…' : 'Ask'}
            </Button>
          </form>
        ) : null}
        {ask.error ? <p className="text-rose-300">{ask.error.message}</p> : null}
        {ask.data ? (
          <div className="grid gap-3 md:grid-cols-2">
            <p className="whitespace-pre-wrap text-slate-100" data-testid="ask-answer">
              {ask.data.answer}
            </p>
            <ul className="grid gap-2">
              {ask.data.toolCalls.map((call) => (
                <ToolCallItem key={call.id} call={call} />
              ))}
            </ul>
          </div>
        ) : null}
      </CardContent>
    </Card>
  );
}

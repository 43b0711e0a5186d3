import * as TooltipPrimitive from '@radix-ui/react-tooltip';
import { TOOLTIP_DELAY_MS, TOOLTIP_SKIP_DELAY_MS } from '@shared/ui-constants.ts';
import type { ReactNode } from 'react';

/** App-wide tooltip timings (700 ms delay, 300 ms skip); mounted once in the app providers. */
export function TooltipProvider({ children }: { children: ReactNode }) {
  return (
    <TooltipPrimitive.Provider delayDuration={TOOLTIP_DELAY_MS} skipDelayDuration={TOOLTIP_SKIP_DELAY_MS}>
      {children}
    </TooltipPrimitive.Provider>
  );
}

/**
 * A figure's short definition ("what is in it"), shown on hover and on keyboard focus: the label
 * becomes a focusable button and carries the text as its accessible description too.
 */
export function Definition({ text, children }: { text: string; children: ReactNode }) {
  return (
    <TooltipPrimitive.Root>
      <TooltipPrimitive.Trigger asChild>
        <button
          type="button"
          aria-description={text}
          data-definition={text}
          className="cursor-help bg-transparent p-0 text-left font-inherit text-inherit underline decoration-slate-500 decoration-dotted underline-offset-4 outline-none focus-visible:ring-2 focus-visible:ring-indigo-400"
        >
          {children}
        </button>
      </TooltipPrimitive.Trigger>
      <TooltipPrimitive.Portal>
        <TooltipPrimitive.Content
          sideOffset={4}
          role="tooltip"
          className="z-50 max-w-xs rounded-md border border-slate-600 bg-slate-900 px-3 py-2 text-xs text-slate-100 shadow-lg"
        >
          {text}
        </TooltipPrimitive.Content>
      </TooltipPrimitive.Portal>
    </TooltipPrimitive.Root>
  );
}

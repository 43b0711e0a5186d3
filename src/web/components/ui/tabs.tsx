import * as TabsPrimitive from '@radix-ui/react-tabs';
import { cn } from '@web/lib/cn.ts';
import type { ComponentProps } from 'react';

/**
 * Radix tabs, styled. `<Tabs defaultValue="a"><TabsList><TabsTrigger value="a">A</TabsTrigger></TabsList>
 * <TabsContent value="a">…</TabsContent></Tabs>`; triggers have role "tab", panels role "tabpanel".
 */
export const Tabs = TabsPrimitive.Root;

export function TabsList({ className, ...props }: ComponentProps<typeof TabsPrimitive.List>) {
  return (
    <TabsPrimitive.List
      className={cn(
        'inline-flex h-10 max-w-full items-center justify-start gap-1 overflow-x-auto rounded-lg border border-slate-700 bg-slate-900/80 p-1 text-slate-400',
        className,
      )}
      {...props}
    />
  );
}

export function TabsTrigger({ className, ...props }: ComponentProps<typeof TabsPrimitive.Trigger>) {
  return (
    <TabsPrimitive.Trigger
      className={cn(
        'inline-flex shrink-0 items-center justify-center gap-1.5 whitespace-nowrap rounded-md px-3 py-1.5 text-sm font-medium transition-colors',
        'hover:text-slate-100 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-indigo-400',
        'disabled:pointer-events-none disabled:opacity-50',
        'data-[state=active]:bg-indigo-500 data-[state=active]:text-white data-[state=active]:shadow',
        className,
      )}
      {...props}
    />
  );
}

export function TabsContent({ className, ...props }: ComponentProps<typeof TabsPrimitive.Content>) {
  return (
    <TabsPrimitive.Content
      className={cn(
        'mt-4 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-indigo-400',
        className,
      )}
      {...props}
    />
  );
}

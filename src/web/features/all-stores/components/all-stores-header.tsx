import type { ReactNode } from 'react';

/** The title of an All-stores page, marked as such, with the page's own controls beside it. */
export function AllStoresHeader({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-3">
      <div>
        <h1 className="text-2xl font-bold text-white">{title}</h1>
        <p className="text-sm text-slate-400">All stores of this workspace, in the reporting currency.</p>
      </div>
      {children}
    </div>
  );
}

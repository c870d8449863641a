import type { ReactNode } from 'react';
import { Card } from './card';

/** A card with the spec's empty-state text (e.g. 'No clients found. Create your first client to get started.'). */
export function EmptyState({ message, icon, action }: { message: string; icon?: ReactNode; action?: ReactNode }) {
  return (
    <Card className="flex flex-col items-center gap-3 p-8 text-center">
      {icon && (
        <span aria-hidden="true" className="text-slate-400">
          {icon}
        </span>
      )}
      <p className="text-sm text-slate-600">{message}</p>
      {action}
    </Card>
  );
}

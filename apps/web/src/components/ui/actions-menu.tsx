import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { ChevronDown } from 'lucide-react';
import { cn } from '@/lib/cn';
import { Button } from './button';

export interface TMenuAction {
  label: string;
  onSelect: () => void;
  danger?: boolean;
  disabled?: boolean;
}

/** "More actions": every action besides the primary one, each in words (Radix menu: arrow keys, Escape, focus return). */
export function ActionsMenu({ actions, label = 'More actions' }: { actions: readonly TMenuAction[]; label?: string }) {
  if (actions.length === 0) return null;
  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger asChild>
        <Button variant="outline">
          {label}
          <ChevronDown aria-hidden="true" className="h-4 w-4" />
        </Button>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={4}
          collisionPadding={8}
          className="z-50 min-w-[13rem] rounded-md border border-slate-200 bg-white p-1 shadow-lg"
        >
          {actions.map((a) => (
            <DropdownMenu.Item
              key={a.label}
              disabled={a.disabled}
              onSelect={a.onSelect}
              className={cn(
                'flex min-h-10 cursor-pointer select-none items-center rounded px-3 text-sm outline-none data-[disabled]:pointer-events-none data-[highlighted]:bg-slate-100 data-[disabled]:opacity-50',
                a.danger ? 'text-red-700' : 'text-slate-900',
              )}
            >
              {a.label}
            </DropdownMenu.Item>
          ))}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}

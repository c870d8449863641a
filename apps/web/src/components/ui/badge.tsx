import type { HTMLAttributes } from 'react';
import { cn } from '@/lib/cn';

export type BadgeTone = 'gray' | 'blue' | 'green' | 'red' | 'yellow' | 'brand';

const tones: Record<BadgeTone, string> = {
  gray: 'bg-slate-100 text-slate-700 ring-slate-300',
  blue: 'bg-blue-50 text-blue-700 ring-blue-300',
  green: 'bg-green-50 text-green-700 ring-green-300',
  red: 'bg-red-50 text-red-700 ring-red-300',
  yellow: 'bg-yellow-50 text-yellow-800 ring-yellow-300',
  brand: 'bg-brand-600 text-white ring-brand-600',
};

export function Badge({ tone = 'gray', className, ...props }: HTMLAttributes<HTMLSpanElement> & { tone?: BadgeTone }) {
  return (
    <span
      className={cn('inline-flex items-center gap-1 whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset', tones[tone], className)}
      {...props}
    />
  );
}

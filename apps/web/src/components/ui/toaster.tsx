import * as ToastPrimitive from '@radix-ui/react-toast';
import { CheckCircle2, AlertCircle, X } from 'lucide-react';
import { useSyncExternalStore } from 'react';
import { cn } from '@/lib/cn';
import { dismissToast, getCurrentToast, subscribeToast } from '@/lib/toast';

const variantClass = {
  default: 'border-slate-200 bg-white text-slate-900',
  success: 'border-green-300 bg-white text-slate-900',
  destructive: 'border-red-700 bg-red-600 text-white',
} as const;

/** The global toast area (docs/product.md, "Screens"): one toast at a time, announced politely. */
export default function Toaster() {
  const current = useSyncExternalStore(subscribeToast, getCurrentToast, getCurrentToast);
  return (
    <ToastPrimitive.Provider swipeDirection="up" duration={5000}>
      {current && (
        <ToastPrimitive.Root
          key={current.id}
          type={current.variant === 'destructive' ? 'foreground' : 'background'}
          onOpenChange={(open) => {
            if (!open) dismissToast(current.id);
          }}
          className={cn('relative flex w-full items-start gap-3 rounded-lg border p-4 pr-10 shadow-lg', variantClass[current.variant])}
        >
          {current.variant === 'destructive' ? (
            <AlertCircle aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0" />
          ) : current.variant === 'success' ? (
            <CheckCircle2 aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0 text-green-600" />
          ) : null}
          <div className="min-w-0">
            <ToastPrimitive.Title className="font-semibold">{current.title}</ToastPrimitive.Title>
            {current.description && <ToastPrimitive.Description className="mt-1 break-words text-sm">{current.description}</ToastPrimitive.Description>}
          </div>
          <ToastPrimitive.Close aria-label="Dismiss notification" className="absolute right-2 top-2 rounded p-1 opacity-70 hover:opacity-100">
            <X aria-hidden="true" className="h-4 w-4" />
          </ToastPrimitive.Close>
        </ToastPrimitive.Root>
      )}
      {/* Top centre of the content column: form buttons sit at the bottom right (Settings' Save), page
          actions at the top right, so a toast there covers neither. docs/product.md, "Toasts". */}
      <ToastPrimitive.Viewport className="fixed left-1/2 top-0 z-[100] flex w-full max-w-sm -translate-x-1/2 flex-col gap-2 p-4 outline-none lg:left-[calc(50%+8rem)]" />
    </ToastPrimitive.Provider>
  );
}

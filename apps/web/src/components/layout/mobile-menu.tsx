import * as DialogPrimitive from '@radix-ui/react-dialog';
import { Menu, X } from 'lucide-react';
import { useState } from 'react';
import { overlayClass } from '@/components/ui/dialog';
import { SidebarContent } from './sidebar';
import { NotificationBell } from './notification-bell';

/** Small screens: a top bar with a menu button opening the navigation as a focus-trapped slide-in dialog. */
export function MobileMenu() {
  const [open, setOpen] = useState(false);
  return (
    <header className="sticky top-0 z-30 flex h-14 items-center justify-between border-b border-slate-200 bg-white px-4 lg:hidden">
      <span className="text-lg font-bold text-brand-700">Docket</span>
      <div className="ml-auto mr-1">
        <NotificationBell align="right" />
      </div>
      <DialogPrimitive.Root open={open} onOpenChange={setOpen}>
        <DialogPrimitive.Trigger className="rounded-md p-2 text-slate-700 hover:bg-slate-100" aria-label="Open menu">
          <Menu aria-hidden="true" className="h-6 w-6" />
        </DialogPrimitive.Trigger>
        <DialogPrimitive.Portal>
          <DialogPrimitive.Overlay className={overlayClass} />
          <DialogPrimitive.Content
            aria-describedby={undefined}
            className="animate-slide-in-left fixed inset-y-0 left-0 z-50 w-72 max-w-[85vw] bg-white shadow-xl focus:outline-none"
          >
            <DialogPrimitive.Title className="sr-only">Menu</DialogPrimitive.Title>
            <DialogPrimitive.Close className="absolute right-3 top-3 rounded-md p-1 text-slate-500 hover:bg-slate-100" aria-label="Close menu">
              <X aria-hidden="true" className="h-5 w-5" />
            </DialogPrimitive.Close>
            <SidebarContent onNavigate={() => setOpen(false)} />
          </DialogPrimitive.Content>
        </DialogPrimitive.Portal>
      </DialogPrimitive.Root>
    </header>
  );
}

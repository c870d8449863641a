import { AlertCircle } from 'lucide-react';
import { Button } from './button';
import { Card } from './card';

/** A failed load: the message and a 'Try Again' button that refetches. */
export function LoadError({ message, onRetry }: { message: string; onRetry?: () => void }) {
  return (
    <Card role="alert" className="flex flex-col items-center gap-3 p-8 text-center">
      <AlertCircle aria-hidden="true" className="h-8 w-8 text-red-500" />
      <p className="text-sm text-slate-700">{message}</p>
      {onRetry && (
        <Button variant="outline" onClick={onRetry}>
          Try Again
        </Button>
      )}
    </Card>
  );
}

import { Link } from 'react-router-dom';
import { Mail, MapPin, Pencil, Phone, Trash2 } from 'lucide-react';
import type { TClient } from '@docket/schemas/client';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';

export function ClientCard({ client, onEdit, onDelete }: { client: TClient; onEdit: () => void; onDelete: () => void }) {
  return (
    <Card className="flex flex-col gap-3 p-4">
      <div className="flex items-start justify-between gap-2">
        <h2 className="min-w-0 break-words text-base font-semibold">
          <Link to={`/clients/${client.id}`} className="hover:underline">
            {client.name}
          </Link>
        </h2>
        <div className="flex shrink-0 gap-1">
          <Button variant="ghost" size="icon" onClick={onEdit} aria-label={`Edit ${client.name}`}>
            <Pencil aria-hidden="true" className="h-4 w-4" />
          </Button>
          <Button variant="ghost" size="icon" onClick={onDelete} aria-label={`Delete ${client.name}`}>
            <Trash2 aria-hidden="true" className="h-4 w-4 text-red-600" />
          </Button>
        </div>
      </div>
      <p className="flex flex-wrap gap-1 text-xs">
        <span className="rounded bg-slate-100 px-2 py-0.5 text-slate-700">{client.isBusiness ? 'Business' : 'Consumer'}</span>
        {client.vatNumber && <span className="rounded bg-slate-100 px-2 py-0.5 text-slate-700">VAT {client.vatNumber}</span>}
        {client.cisRate !== undefined && <span className="rounded bg-amber-50 px-2 py-0.5 text-amber-800">CIS {client.cisRate}%</span>}
      </p>
      <dl className="space-y-1 text-sm text-slate-600">
        <div className="flex items-center gap-2">
          <dt>
            <Mail aria-hidden="true" className="h-4 w-4" />
            <span className="sr-only">Email</span>
          </dt>
          <dd className="min-w-0 break-all">{client.email || <span className="italic text-slate-400">No email</span>}</dd>
        </div>
        {client.phone && (
          <div className="flex items-center gap-2">
            <dt>
              <Phone aria-hidden="true" className="h-4 w-4" />
              <span className="sr-only">Phone</span>
            </dt>
            <dd>{client.phone}</dd>
          </div>
        )}
        {client.address && (
          <div className="flex items-start gap-2">
            <dt>
              <MapPin aria-hidden="true" className="mt-0.5 h-4 w-4" />
              <span className="sr-only">Address</span>
            </dt>
            <dd className="min-w-0 whitespace-pre-line break-words">{client.address}</dd>
          </div>
        )}
      </dl>
    </Card>
  );
}

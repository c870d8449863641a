import { useState, type FormEvent } from 'react';
import { MEMBER_NAME_MAX } from '@docket/schemas/account';
import { errorMessage } from '@/lib/api-client';
import { useSession, type TSessionUser } from '@/lib/auth';
import { Spinner } from '@/components/ui/spinner';
import { toastError, toastSuccess } from '@/lib/toast';
import { PageHeader } from '@/components/ui/page-header';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Card, CardContent } from '@/components/ui/card';
import { useUpdateProfile } from '../api/update-profile';

/**
 * /profile: the signed-in member's own name, the one the team sees on members, the calendar, the
 * history and beside each payment, credit note, email and export (docs/product.md, "Accounts and roles").
 */
export function ProfileScreen() {
  const { user } = useSession();
  if (!user) return <Spinner label="Loading your profile" />;
  return <ProfileForm user={user} />;
}

function ProfileForm({ user }: { user: TSessionUser }) {
  const save = useUpdateProfile();
  const [name, setName] = useState(user.name);
  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    try {
      await save.mutateAsync({ name: name.trim() });
      toastSuccess('Your name is saved');
    } catch (error) {
      toastError(errorMessage(error, 'Your name could not be saved'));
    }
  };
  return (
    <div>
      <PageHeader title="Your profile" subtitle={user.email} />
      <Card className="max-w-xl">
        <CardContent className="pt-6">
          <form aria-label="Your name" onSubmit={(e) => void onSubmit(e)} className="space-y-4" noValidate>
            <FormField label="Name" hint="Shown to your team, e.g. “Recorded by Sam”. Leave empty to be shown by your email's first part.">
              <Input value={name} maxLength={MEMBER_NAME_MAX} autoComplete="name" onChange={(e) => setName(e.target.value)} />
            </FormField>
            <Button type="submit" disabled={save.isPending}>
              {save.isPending ? 'Saving…' : 'Save name'}
            </Button>
          </form>
        </CardContent>
      </Card>
    </div>
  );
}

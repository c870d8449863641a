import { ImageIcon } from 'lucide-react';
import { useId } from 'react';
import { Label } from '@/components/ui/label';
import { SettingsSection } from './settings-section';

interface LogoPickerProps {
  /** What to preview: the newly picked image, else the saved logo (data URLs). */
  preview: string | null;
  /** why the last picked file was refused (the API's message), shown under the input */
  error: string | null;
  onPick: (file: File) => void;
}

/** Company Logo: an image file picker with preview. The file is uploaded after the profile is saved. */
export function LogoPicker({ preview, error, onPick }: LogoPickerProps) {
  const id = useId();
  return (
    <SettingsSection title="Company Logo" description="Your logo appears at the top of your PDF quotes and invoices.">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-center">
        <div className="flex h-24 w-48 max-w-full shrink-0 items-center justify-center overflow-hidden rounded-md border border-dashed border-slate-300 bg-slate-50">
          {preview ? (
            <img src={preview} alt="Company logo preview" className="max-h-full max-w-full object-contain" />
          ) : (
            <span className="flex flex-col items-center text-xs text-slate-500">
              <ImageIcon aria-hidden="true" className="h-6 w-6" />
              No logo
            </span>
          )}
        </div>
        <div className="min-w-0">
          <Label htmlFor={id}>Logo image</Label>
          <input
            id={id}
            type="file"
            accept="image/png,image/jpeg"
            aria-describedby={error ? `${id}-error ${id}-hint` : `${id}-hint`}
            aria-invalid={error ? true : undefined}
            className="block w-full max-w-full text-sm text-slate-700 file:mr-3 file:rounded-md file:border-0 file:bg-slate-100 file:px-3 file:py-2 file:text-sm file:font-medium hover:file:bg-slate-200"
            onChange={(event) => {
              const file = event.target.files?.[0];
              if (file) onPick(file);
              // Picking the same file again after a refusal must fire change again.
              event.target.value = '';
            }}
          />
          {error && (
            <p id={`${id}-error`} role="alert" className="mt-1 text-sm text-red-700">
              {error}
            </p>
          )}
          <p id={`${id}-hint`} className="mt-1 text-xs text-slate-500">
            Recommended: PNG or JPG, max 2MB, 200x100px or larger
          </p>
        </div>
      </div>
    </SettingsSection>
  );
}

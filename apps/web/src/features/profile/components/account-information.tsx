import type { PrivateProfile } from '@camo/shared/api.schema';
import { formatPhoneNumber, formatZipCode, type ProfileField } from '@camo/shared/profile.schema';
import { useState } from 'react';
import { LocalDate } from '@/components/ui/local-date';
import { useUpdateProfile } from '../api/update-profile';
import { InlineEditField } from './inline-edit-field';
import { PromoSwitch } from './promo-switch';

export function AccountInformation({ profile }: { profile: PrivateProfile }) {
  // Spec §4: one field at a time; opening another closes the current one without saving.
  const [editing, setEditing] = useState<ProfileField | null>(null);
  const update = useUpdateProfile();
  const save = (field: ProfileField, value: string) => update.mutateAsync({ [field]: value });

  const rows: {
    field: ProfileField;
    label: string;
    display: string;
    inputMode?: 'text' | 'tel' | 'numeric';
    autoComplete: string;
  }[] = [
    {
      field: 'displayName',
      label: 'Display name',
      display: profile.displayName ?? '',
      autoComplete: 'nickname',
    },
    {
      field: 'zipCode',
      label: 'Zip code',
      display: formatZipCode(profile.zipCode),
      inputMode: 'numeric',
      autoComplete: 'postal-code',
    },
    {
      field: 'phoneNumber',
      label: 'Phone number',
      display: formatPhoneNumber(profile.phoneNumber),
      inputMode: 'tel',
      autoComplete: 'tel',
    },
  ];

  return (
    <section aria-labelledby="account-title" className="card flex flex-col gap-2 p-5 sm:p-7">
      <h2 id="account-title" className="stencil-heading text-2xl text-bone sm:text-3xl">
        Account information
      </h2>
      <div className="flex flex-col">
        {rows.map((row) => (
          <InlineEditField
            key={row.field}
            field={row.field}
            label={row.label}
            displayValue={row.display}
            initialDraft={row.display}
            isEditing={editing === row.field}
            onEdit={() => setEditing(row.field)}
            onClose={() => setEditing((current) => (current === row.field ? null : current))}
            save={save}
            inputMode={row.inputMode}
            autoComplete={row.autoComplete}
          />
        ))}
        <dl className="grid gap-4 border-t border-olive-700/60 py-4 sm:grid-cols-2">
          <div>
            <dt className="font-condensed text-base font-bold uppercase tracking-wider text-coyote-300">
              Email
            </dt>
            <dd className="break-all text-lg text-bone">{profile.email}</dd>
          </div>
          <div>
            <dt className="font-condensed text-base font-bold uppercase tracking-wider text-coyote-300">
              Date joined
            </dt>
            <dd className="text-lg text-bone">
              <LocalDate iso={profile.createdAt} />
            </dd>
          </div>
        </dl>
      </div>
      <div className="border-t border-olive-700/60 pt-5">
        <PromoSwitch allowPromo={profile.allowPromo} />
      </div>
    </section>
  );
}

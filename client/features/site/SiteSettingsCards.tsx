import { useEffect, useState } from 'react';
import { Button, Card, Group, Image, Progress, Stack, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { firstIssue } from '../../../core/common/forms';
import { imageFileProblem } from '../../../core/files';
import { MSG } from '../../../core/messages';
import { OFFICE_LIMITS, officeForm } from '../../../core/site/forms';
import { ErrorAlert } from '../../ui/ErrorAlert';
import { FileDrop } from '../../ui/FileDrop';
import { confirmAction } from '../../ui/confirm';
import { useCampusMap, useSaveOffice, useSiteStatus, type SiteStatus } from './api';

type Office = SiteStatus['office'];
const FIELDS: { key: keyof typeof OFFICE_LIMITS; label: string; type?: string }[] = [
  { key: 'name', label: 'Office name' },
  { key: 'address', label: 'Address' },
  { key: 'phone', label: 'Phone', type: 'tel' },
  { key: 'email', label: 'Email', type: 'email' },
];

/** The office's contact details, shown in the landing page's footer and given by the assistant. */
export function OfficeDetailsCard() {
  const status = useSiteStatus();
  const save = useSaveOffice();
  const [values, setValues] = useState<Office | null>(null);
  const [error, setError] = useState<{ field: string | null; message: string } | null>(null);
  useEffect(() => {
    if (status.data && !values) setValues(status.data.office);
  }, [status.data, values]);

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    if (!values) return;
    const issue = firstIssue(officeForm, values);
    setError(issue);
    if (issue) return;
    save.mutate(values, {
      onSuccess: (res) => {
        setValues(res.office);
        notifications.show({ color: 'green', title: 'Success', message: res.message });
      },
      onError: (err) => setError({ field: null, message: err.message }),
    });
  };

  return (
    <Card withBorder padding="lg" maw={640} component="section" aria-labelledby="office-details-title">
      <Title order={2} size="h4" id="office-details-title">
        Office details
      </Title>
      <Text size="sm" c="dark.6" mt={4} mb="md">
        Shown to everyone in the landing page's footer.
      </Text>
      {!values ? (
        <Text size="sm">Loading...</Text>
      ) : (
        <form onSubmit={submit} noValidate>
          <Stack gap="sm">
            {error && !error.field && <ErrorAlert message={error.message} />}
            {FIELDS.map((f) => (
              <TextInput
                key={f.key}
                label={f.label}
                type={f.type}
                required
                maxLength={OFFICE_LIMITS[f.key]}
                value={values[f.key]}
                error={error?.field === f.key ? error.message : undefined}
                onChange={(e) => setValues({ ...values, [f.key]: e.currentTarget.value })}
              />
            ))}
            <TextInput
              label="Campus time zone"
              value={status.data?.timeZone ?? ''}
              readOnly
              description="Set by the server's CAMPUS_TZ setting: today, the week and the reminder time follow it."
            />
            <Group>
              <Button type="submit" loading={save.isPending}>
                Save Office Details
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Card>
  );
}

/** The campus map behind every Show Map button: an uploaded image, or the one the product ships. */
export function CampusMapCard() {
  const status = useSiteStatus();
  const change = useCampusMap();
  const [file, setFile] = useState<File | null>(null);
  const [progress, setProgress] = useState(0);
  const [error, setError] = useState<string | null>(null);
  const url = status.data?.campusMapUrl;
  const uploaded = url?.startsWith('/api/site/campus-map?');

  const done = (message: string) => {
    setFile(null);
    setProgress(0);
    notifications.show({ color: 'green', title: 'Success', message });
  };
  const upload = () => {
    if (!file) return setError(MSG.campusMapRequired);
    change.mutate(
      { file, onProgress: setProgress },
      { onSuccess: (res) => done(res.message), onError: (err) => (setProgress(0), setError(err.message)) },
    );
  };
  const remove = async () => {
    const ok = await confirmAction({
      title: 'Remove the campus map?',
      message: 'The map that comes with the product will show again.',
      confirmLabel: 'Remove',
      danger: true,
    });
    if (ok) change.mutate({ file: null }, { onSuccess: (res) => done(res.message), onError: (err) => setError(err.message) });
  };

  return (
    <Card withBorder padding="lg" maw={640} component="section" aria-labelledby="campus-map-title">
      <Title order={2} size="h4" id="campus-map-title">
        Campus map
      </Title>
      <Text size="sm" c="dark.6" mt={4} mb="md">
        Shown by every Show Map button.
      </Text>
      <Stack gap="sm">
        {url && <Image src={url} alt="The campus map now shown" mah={220} fit="contain" radius="sm" />}
        {error && <ErrorAlert message={error} />}
        <FileDrop
          id="campus-map-file"
          label="New campus map"
          hint="PNG, JPG, GIF up to 5MB"
          accept={['image/jpeg', 'image/png', 'image/gif']}
          // A map is read up close: it keeps twice a photo's size, shrunk only when the server would refuse it.
          shrink={4000}
          file={file}
          onFile={(f) => {
            const problem = imageFileProblem(f);
            setError(problem === 'type' ? MSG.itemPhotoType : problem === 'size' ? MSG.itemPhotoTooLarge : null);
            setFile(problem ? null : f);
          }}
        />
        {change.isPending && file && <Progress value={progress * 100} aria-label="Upload progress" />}
        <Group>
          <Button onClick={upload} loading={change.isPending && !!file} disabled={!file}>
            Upload Map
          </Button>
          {uploaded && (
            <Button variant="default" color="red" onClick={remove} disabled={change.isPending}>
              Use the Default Map
            </Button>
          )}
        </Group>
      </Stack>
    </Card>
  );
}

import { Alert, FileInput, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconPaperclip } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useAttachmentRules } from '../api/get-attachment-rules';

export type AttachmentInputProps = {
  value: File[];
  onChange: (files: File[]) => void;
  error?: string;
};

/**
 * Files for a message, with the limits (spec 5: at most {fileCount} files of {fileSize} MB) and
 * the warning against sensitive personal data. The server checks every file by its content.
 */
export function AttachmentInput({ value, onChange, error }: AttachmentInputProps) {
  const { t } = useTranslation();
  const { data: rules } = useAttachmentRules();
  const tooMany = rules && value.length > rules.maxFiles;
  const tooBig = rules ? value.filter((file) => file.size > rules.maxFileSizeMb * 1024 * 1024) : [];
  const localError = tooMany
    ? t('validation.tooManyFiles', { maximum: rules.maxFiles })
    : tooBig.length > 0
      ? t('validation.fileTooLarge', {
          maximum: rules?.maxFileSizeMb,
          files: tooBig.map((f) => f.name).join(', '),
        })
      : undefined;
  return (
    <Stack gap="xs">
      <FileInput
        multiple
        clearable
        clearButtonProps={{ 'aria-label': t('support.attachments.clear') }}
        label={t('support.attachments.label')}
        placeholder={t('support.attachments.placeholder')}
        // Mantine's placeholder grey is too faint on white for WCAG AA; this one is a real element.
        styles={{ placeholder: { color: 'var(--mantine-color-gray-7)' } }}
        leftSection={<IconPaperclip size={16} aria-hidden />}
        description={
          rules &&
          t('support.attachments.limits', {
            fileCount: rules.maxFiles,
            fileSize: rules.maxFileSizeMb,
            types: rules.allowedExtensions.join(', '),
          })
        }
        accept={rules?.allowedExtensions.map((extension) => `.${extension}`).join(',')}
        value={value}
        onChange={(files) => onChange(files ?? [])}
        error={error ?? localError}
      />
      <Alert color="yellow" variant="light" icon={<IconAlertTriangle size={18} aria-hidden />} p="xs">
        <Text size="sm" c="dark.8">
          {t('support.attachments.sensitiveWarning')}
        </Text>
      </Alert>
    </Stack>
  );
}

/** True when the chosen files break a limit the form already knows. */
export function breaksAttachmentRules(
  files: File[],
  rules: { maxFiles: number; maxFileSizeMb: number } | undefined,
) {
  return (
    !!rules &&
    (files.length > rules.maxFiles || files.some((f) => f.size > rules.maxFileSizeMb * 1024 * 1024))
  );
}

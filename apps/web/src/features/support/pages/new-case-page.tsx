import { Button, Card, Group, Select, Stack, Textarea, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import {
  SUPPORT_CATEGORIES,
  SUPPORT_CATEGORY_KEYS,
  SUPPORT_MESSAGE_MAX,
  SUPPORT_TITLE_MAX,
  ZCreateSupportCaseRequest,
  type SupportCategory,
  type TCreateSupportCaseRequest,
} from '@service-hub/contracts';
import { showSuccess } from '../../../lib/feedback/toasts';
import { serverFieldErrors, validateWith } from '../../../lib/forms/form-validation';
import { discardUnsavedChanges, useReportUnsavedChanges } from '../../../lib/routing/unsaved-changes';
import { useActiveAccount } from '../../../lib/session/active-account';
import { useCreateSupportCase } from '../api/create-support-case';
import { useAttachmentRules } from '../api/get-attachment-rules';
import { AttachmentInput, breaksAttachmentRules } from '../components/attachment-input';
import { supportLinks } from '../support-links';

type Values = {
  title: string;
  category: string;
  subCategory: string;
  description: string;
  attachments: File[];
};

const toRequest = (values: Values) => ({
  title: values.title,
  description: values.description,
  category: values.category,
  subCategory: values.subCategory,
});

/** The new-case form (spec 2: development only, confirm leave) with category, sub-category and files. */
export default function NewCasePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { account } = useActiveAccount();
  const create = useCreateSupportCase(account?.id ?? null);
  const { data: rules } = useAttachmentRules();
  const form = useForm<Values>({
    initialValues: { title: '', category: '', subCategory: '', description: '', attachments: [] },
    validate: validateWith(ZCreateSupportCaseRequest, t, { toRequest }),
  });
  useReportUnsavedChanges(form.isDirty());
  const category = form.values.category as SupportCategory | '';
  const subCategories = category ? SUPPORT_CATEGORIES[category] : [];

  const submit = form.onSubmit((values) => {
    if (breaksAttachmentRules(values.attachments, rules)) return;
    create.mutate(
      { fields: toRequest(values) as TCreateSupportCaseRequest, files: values.attachments },
      {
        onSuccess: (created) => {
          form.resetDirty();
          discardUnsavedChanges();
          showSuccess('support.newCase.created', { caseNumber: created.caseNumber });
          // After the frame has re-rendered without unsaved changes, or its guard would hold the way.
          setTimeout(() => void navigate(supportLinks.case(created.caseId, 'activity')));
        },
        onError: (error) => {
          const fields = serverFieldErrors(error, t);
          form.setErrors(
            Object.keys(fields).length > 0 ? fields : { description: t('support.newCase.createFailed') },
          );
        },
      },
    );
  });

  return (
    <Stack maw={760}>
      <Title order={1}>{t('titles.newCase')}</Title>
      <Card withBorder>
        <form onSubmit={submit} noValidate>
          <Stack>
            <TextInput
              label={t('support.newCase.subject')}
              withAsterisk
              maxLength={SUPPORT_TITLE_MAX}
              {...form.getInputProps('title')}
            />
            <Group grow align="start" wrap="wrap">
              <Select
                label={t('support.newCase.category')}
                withAsterisk
                placeholder={t('support.newCase.choose')}
                data={SUPPORT_CATEGORY_KEYS.map((key) => ({
                  value: key,
                  label: t(`support.categories.${key}.label`),
                }))}
                {...form.getInputProps('category')}
                onChange={(value) => {
                  form.setFieldValue('category', value ?? '');
                  form.setFieldValue('subCategory', '');
                }}
                miw={200}
              />
              <Select
                label={t('support.newCase.subCategory')}
                withAsterisk
                placeholder={t('support.newCase.choose')}
                disabled={!category}
                data={subCategories.map((key) => ({
                  value: key,
                  label: t(`support.categories.${category}.${key}`),
                }))}
                {...form.getInputProps('subCategory')}
                onChange={(value) => form.setFieldValue('subCategory', value ?? '')}
                miw={200}
              />
            </Group>
            <Textarea
              label={t('support.newCase.description')}
              description={t('support.newCase.descriptionHint')}
              withAsterisk
              autosize
              minRows={5}
              maxLength={SUPPORT_MESSAGE_MAX}
              {...form.getInputProps('description')}
            />
            <AttachmentInput
              value={form.values.attachments}
              onChange={(files) => form.setFieldValue('attachments', files)}
              error={form.errors.attachments as string | undefined}
            />
            <Group>
              <Button type="submit" loading={create.isPending}>
                {t('support.newCase.submit')}
              </Button>
              <Button variant="default" onClick={() => void navigate(supportLinks.cases())}>
                {t('common.cancel')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Card>
    </Stack>
  );
}

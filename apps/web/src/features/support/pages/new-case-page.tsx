import {
  Alert,
  Anchor,
  Button,
  Card,
  CloseButton,
  Group,
  List,
  Select,
  Skeleton,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import {
  formatSupportItems,
  SUPPORT_CATEGORIES,
  SUPPORT_CATEGORY_KEYS,
  SUPPORT_MESSAGE_MAX,
  SUPPORT_TITLE_MAX,
  supportItemKey,
  ZCreateSupportCaseRequest,
  type SupportCategory,
  type TSupportItemFacts,
} from '@service-hub/contracts';
import { formatDateTime } from '../../../lib/format';
import { showSuccess } from '../../../lib/feedback/toasts';
import { serverFieldErrors, validateWith } from '../../../lib/forms/form-validation';
import { discardUnsavedChanges, useReportUnsavedChanges } from '../../../lib/routing/unsaved-changes';
import { useActiveAccount } from '../../../lib/session/active-account';
import { useCreateSupportCase, type NewCaseFields } from '../api/create-support-case';
import { useAttachmentRules } from '../api/get-attachment-rules';
import { useSupportItemFacts } from '../api/get-support-item-facts';
import { draftAbout, itemStatus, readAboutParam } from '../components/about-items';
import { AttachmentInput, breaksAttachmentRules } from '../components/attachment-input';
import { supportItemPath } from '../components/item-link';
import { ABOUT_PARAM, supportLinks } from '../support-links';

type Values = {
  title: string;
  category: string;
  subCategory: string;
  description: string;
  attachments: File[];
};

/** The form's values as the operation's fields, with the linked items in their text form. */
const toFields = (values: Values, items: readonly TSupportItemFacts[]) => ({
  title: values.title,
  description: values.description,
  category: values.category,
  subCategory: values.subCategory,
  ...(items.length > 0 ? { items: formatSupportItems(items) } : {}),
});

/** The height of one linked item (a line of text and a line of small text). */
const ITEM_ROW_HEIGHT = 41;

/** The items the case will be about, each a link to its page, each removable before sending. */
function LinkedItems({
  accountId,
  items,
  onRemove,
}: {
  accountId: number;
  items: readonly TSupportItemFacts[];
  onRemove: (item: TSupportItemFacts) => void;
}) {
  const { t, i18n } = useTranslation();
  return (
    <List listStyleType="none" spacing="xs" p={0} aria-label={t('support.newCase.about.title')}>
      {items.map((item) => {
        const path = supportItemPath(
          { ...item, consignmentId: 'consignmentId' in item ? item.consignmentId : null },
          accountId,
        );
        return (
          <List.Item key={supportItemKey(item)}>
            <Group gap="xs" wrap="nowrap" align="start" mih={ITEM_ROW_HEIGHT}>
              <Stack gap={0} style={{ flex: 1, minWidth: 0 }}>
                {/* One line each, whatever the width: the skeleton rows hold their place exactly. */}
                <Text size="sm" truncate="end" title={item.label}>
                  {t(`support.itemKinds.${item.kind}`)}{' '}
                  {path ? (
                    <Anchor component={Link} to={path} size="sm">
                      {item.label}
                    </Anchor>
                  ) : (
                    item.label
                  )}
                </Text>
                <Text size="xs" c="dimmed" truncate="end">
                  {itemStatus(t, item)} · {formatDateTime(item.date, i18n.language)}
                </Text>
              </Stack>
              <CloseButton
                size="sm"
                aria-label={t('support.newCase.about.remove', { label: item.label })}
                onClick={() => onRemove(item)}
              />
            </Group>
          </List.Item>
        );
      })}
    </List>
  );
}

/**
 * The page: a new draft for each set of items in the address (arriving with other items, e.g.
 * from the search while the form is open, starts afresh rather than mixing two drafts, and draws
 * the new form at once instead of moving the old one down).
 */
export default function NewCasePage() {
  const [params] = useSearchParams();
  return <NewCaseForm key={params.get(ABOUT_PARAM) ?? ''} />;
}

/**
 * The new-case form (spec 2: development only, confirm leave) with category, sub-category and
 * files. Opened from a document, file, consignment or message (`about`), it shows those items,
 * starts the subject and description from their facts, and sends them with the case.
 */
function NewCaseForm() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const { account } = useActiveAccount();
  const accountId = account?.id ?? null;
  const create = useCreateSupportCase(accountId);
  const { data: rules } = useAttachmentRules();
  const about = useMemo(() => readAboutParam(params.get(ABOUT_PARAM)), [params]);
  const facts = useSupportItemFacts(accountId, about.items);
  const [removed, setRemoved] = useState<ReadonlySet<string>>(new Set());
  const found = useMemo(() => facts.data?.items ?? [], [facts.data]);
  const linked = found.filter((item) => !removed.has(supportItemKey(item)));
  // Asked for but not described: malformed in the address, or not to be seen in this account.
  const dropped = about.dropped + (facts.data ? about.items.length - found.length : 0);

  const form = useForm<Values>({
    initialValues: { title: '', category: '', subCategory: '', description: '', attachments: [] },
    // The linked items come from the server's own description of them: only the fields are checked here.
    validate: validateWith(ZCreateSupportCaseRequest, t, {
      toRequest: (values: Values) => toFields(values, []),
    }),
  });
  useReportUnsavedChanges(form.isDirty());
  // The draft is where the form starts, not a change the user made: leaving asks nothing.
  const { initialize, isDirty } = form;
  useEffect(() => {
    // Once, when the facts arrive, and never over what the user already typed.
    if (found.length === 0 || isDirty()) return;
    initialize({ category: '', subCategory: '', attachments: [], ...draftAbout(t, found, i18n.language) });
  }, [found, initialize, isDirty, t, i18n.language]);
  const category = form.values.category as SupportCategory | '';
  const subCategories = category ? SUPPORT_CATEGORIES[category] : [];

  const submit = form.onSubmit((values) => {
    if (breaksAttachmentRules(values.attachments, rules)) return;
    create.mutate(
      // The category is one of the choices offered; the schema checked it above.
      { fields: toFields(values, linked) as NewCaseFields, files: values.attachments },
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

  const asksAbout = about.items.length > 0 || about.dropped > 0;
  return (
    <Stack maw={760}>
      <Title order={1}>{t('titles.newCase')}</Title>
      {asksAbout && (
        <Card withBorder component="section" aria-labelledby="new-case-about">
          <Stack gap="xs">
            <Title order={2} size="h4" id="new-case-about">
              {t('support.newCase.about.title')}
            </Title>
            {/* As tall from the start as any answer can make it (a row per item, or the two lines
                saying that none could be linked), so nothing below moves when the facts arrive. */}
            <Stack gap="xs" mih={Math.max(about.items.length, 2) * (ITEM_ROW_HEIGHT + 10)}>
              {facts.isPending && about.items.length > 0 && (
                // A row's height for each item asked for: the list takes their place without a jump.
                <Stack gap="xs" role="status" aria-label={t('support.newCase.about.loading')}>
                  {about.items.map((item) => (
                    <Skeleton key={supportItemKey(item)} height={ITEM_ROW_HEIGHT} />
                  ))}
                </Stack>
              )}
              {facts.isError && (
                <Alert color="orange" variant="light">
                  <Text size="sm" c="dark.8">
                    {t('support.newCase.about.failed')}
                  </Text>
                </Alert>
              )}
              {accountId !== null && linked.length > 0 && (
                <LinkedItems
                  accountId={accountId}
                  items={linked}
                  onRemove={(item) => setRemoved((before) => new Set(before).add(supportItemKey(item)))}
                />
              )}
              {facts.data && linked.length === 0 && <Text size="sm">{t('support.newCase.about.none')}</Text>}
              {dropped > 0 && (
                <Text size="sm" c="dimmed" role="status">
                  {t('support.newCase.about.dropped', { n: dropped })}
                </Text>
              )}
            </Stack>
          </Stack>
        </Card>
      )}
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
              // With items, the draft arrives after the page: a height that fits it from the
              // start, so nothing below the field moves when it is filled in.
              minRows={asksAbout ? 10 : 5}
              maxRows={asksAbout ? 10 : undefined}
              maxLength={SUPPORT_MESSAGE_MAX}
              {...form.getInputProps('description')}
            />
            <AttachmentInput
              value={form.values.attachments}
              onChange={(files) => form.setFieldValue('attachments', files)}
              error={form.errors.attachments as string | undefined}
            />
            {typeof form.errors.items === 'string' && (
              <Text size="sm" c="red.8" role="alert">
                {form.errors.items}
              </Text>
            )}
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

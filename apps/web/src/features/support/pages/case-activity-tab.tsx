import { Alert, Badge, Button, Card, Group, Stack, Text, Textarea, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { useOutletContext } from 'react-router';
import { ZReplyToSupportCaseRequest, type TSupportAttachment } from '@service-hub/contracts';
import { showSuccess } from '../../../lib/feedback/toasts';
import { formatDateTime } from '../../../lib/format';
import { serverFieldErrors, validateWith } from '../../../lib/forms/form-validation';
import { useAttachmentRules } from '../api/get-attachment-rules';
import { useReplyToSupportCase } from '../api/reply-to-support-case';
import type { SupportScope } from '../api/support-scope';
import { AttachmentInput, breaksAttachmentRules } from '../components/attachment-input';
import { AttachmentList } from '../components/attachment-list';
import type { CaseOutletContext } from './case-layout';

type Entry = {
  key: string;
  author: string;
  fromProvider: boolean;
  message: string;
  created: string;
  attachments: TSupportAttachment[];
};

function Message({ entry, scope }: { entry: Entry; scope: SupportScope }) {
  const { t, i18n } = useTranslation();
  return (
    <Card
      withBorder
      component="li"
      bg={entry.fromProvider ? 'var(--mantine-color-blue-0)' : undefined}
      ml={entry.fromProvider ? 0 : { base: 0, sm: 'xl' }}
      mr={entry.fromProvider ? { base: 0, sm: 'xl' } : 0}
    >
      <Stack gap="xs">
        <Group justify="space-between" gap="xs">
          <Group gap="xs">
            <Text fw={600}>{entry.author}</Text>
            {entry.fromProvider && (
              <Badge variant="light" c="dark.8" tt="none">
                {t('support.activity.support')}
              </Badge>
            )}
          </Group>
          <Text size="sm" c="dimmed">
            {formatDateTime(entry.created, i18n.language)}
          </Text>
        </Group>
        <Text style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{entry.message}</Text>
        <AttachmentList attachments={entry.attachments} scope={scope} />
      </Stack>
    </Card>
  );
}

function ReplyForm({ supportCase, scope }: CaseOutletContext) {
  const { t } = useTranslation();
  const reply = useReplyToSupportCase(scope, supportCase.caseId);
  const { data: rules } = useAttachmentRules();
  const form = useForm({
    initialValues: { message: '', attachments: [] as File[] },
    validate: validateWith(ZReplyToSupportCaseRequest, t, {
      toRequest: (values: { message: string }) => ({ message: values.message }),
    }),
  });
  const submit = form.onSubmit((values) => {
    if (breaksAttachmentRules(values.attachments, rules)) return;
    reply.mutate(
      { message: values.message, files: values.attachments },
      {
        onSuccess: () => {
          form.reset();
          showSuccess('support.activity.messageSent');
        },
        onError: (error) => {
          const fields = serverFieldErrors(error, t);
          form.setErrors(fields);
          if (Object.keys(fields).length === 0) form.setErrors({ message: t('support.activity.sendFailed') });
        },
      },
    );
  });
  return (
    <Card withBorder component="section" aria-labelledby="support-reply-title">
      <form onSubmit={submit} noValidate>
        <Stack>
          <Title order={2} size="h4" id="support-reply-title">
            {t('support.activity.replyTitle')}
          </Title>
          <Textarea
            label={t('support.activity.message')}
            autosize
            minRows={3}
            withAsterisk
            {...form.getInputProps('message')}
          />
          <AttachmentInput
            value={form.values.attachments}
            onChange={(files) => form.setFieldValue('attachments', files)}
            error={form.errors.attachments as string | undefined}
          />
          <Group>
            <Button type="submit" loading={reply.isPending}>
              {t('support.activity.send')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}

/** The conversation, oldest first so the newest is last, and the reply form. */
export default function CaseActivityTab() {
  const { t } = useTranslation();
  const { supportCase, scope } = useOutletContext<CaseOutletContext>();
  const entries: Entry[] = [
    {
      key: 'case',
      author: supportCase.createdBy ?? supportCase.from,
      fromProvider: false,
      message: supportCase.description,
      created: supportCase.date,
      attachments: supportCase.attachments,
    },
    ...supportCase.replies.map((r) => ({
      key: String(r.id),
      author: r.authorName,
      fromProvider: r.fromProvider,
      message: r.message,
      created: r.created,
      attachments: r.attachments,
    })),
  ];
  return (
    <Stack>
      <Stack
        gap="sm"
        component="ol"
        style={{ listStyle: 'none', padding: 0, margin: 0 }}
        aria-label={t('support.activity.conversation')}
      >
        {entries.map((entry) => (
          <Message key={entry.key} entry={entry} scope={scope} />
        ))}
      </Stack>
      {supportCase.canReply ? (
        <ReplyForm supportCase={supportCase} scope={scope} />
      ) : (
        <Alert variant="light" color="gray">
          <Text size="sm" c="dark.8">
            {t('support.activity.resolved')}
          </Text>
        </Alert>
      )}
    </Stack>
  );
}

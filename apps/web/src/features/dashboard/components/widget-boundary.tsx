import { Card, Title } from '@mantine/core';
import { Component, type ReactNode } from 'react';
import { WidgetError } from './widget-card';

type Props = { title: string; children: ReactNode };

/**
 * A widget that throws while rendering shows its error state; the rest of the dashboard stays.
 * (React catches render errors only in a class component.)
 */
export class WidgetBoundary extends Component<Props, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: unknown) {
    console.error('[DASHBOARD_WIDGET_FAILED]', this.props.title, error);
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <Card withBorder component="section" aria-label={this.props.title} h="100%">
        <Title order={2} size="h4" mb="sm">
          {this.props.title}
        </Title>
        <WidgetError onRetry={() => this.setState({ failed: false })} />
      </Card>
    );
  }
}

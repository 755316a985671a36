export function stripeJsSource(): string {
  return '';
}

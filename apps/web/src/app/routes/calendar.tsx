import { PlaceholderScreen } from './placeholder';

export default function CalendarRoute() {
  return <PlaceholderScreen title="Calendar" />;
}

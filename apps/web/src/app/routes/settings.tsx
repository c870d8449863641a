import { PlaceholderScreen } from './placeholder';

export default function SettingsRoute() {
  return <PlaceholderScreen title="Settings" />;
}

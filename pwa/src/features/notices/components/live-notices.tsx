import { useLiveNotices } from '../hooks/use-live-notices';

/** Mount beside a money screen to keep it live: settlement notices refresh it and show a toast. */
export default function LiveNotices() {
  useLiveNotices();
  return null;
}

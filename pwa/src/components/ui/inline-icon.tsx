import './inline-icon.css';

const SVG_DATA = 'data:image/svg+xml;utf8,';

/**
 * An ionicons icon (`ionicons/icons`, an SVG data URL) drawn in the page itself, for a decorative
 * icon outside Ionic's buttons, looking like <IonIcon> (1em, the text's colour).
 *
 * Why not IonIcon: each icon it shows first has its SVG parsed into a new document (DOMParser) in
 * the task that mounts it, a few ms apiece while a page opens (some 25 ms for the phone's five tabs
 * on a slow phone). Here the browser parses the markup with the element, as it does the page's own.
 * The markup is ionicons' own constants, never user data.
 */
export function InlineIcon({ icon, slot }: { icon: string; slot?: 'start' | 'end' }) {
  const markup = icon.startsWith(SVG_DATA) ? icon.slice(SVG_DATA.length) : '';
  return <span className="inline-icon" slot={slot} aria-hidden="true" dangerouslySetInnerHTML={{ __html: markup }} />;
}

import { Card } from '../../ui/card.tsx';
import { FileText, MapPin, ShieldCheck } from '../../ui/icons.tsx';

/** Why the resume is requested rather than linked. */
export function Explanation() {
  const points = [
    {
      icon: MapPin,
      title: 'Why I ask before sending it',
      text: 'Requests are collected to track where the resume goes, so I know who is reading it and can follow up properly.',
    },
    {
      icon: ShieldCheck,
      title: 'Your information stays here',
      text: 'Your information is never shared with third parties. It is used only to keep track of this request.',
    },
    {
      icon: FileText,
      title: 'What you get',
      text: 'The current resume as a PDF, ready to download as soon as you send the form.',
    },
  ];
  return (
    <Card className="h-fit p-6">
      <h2 className="text-xl font-semibold">How resume requests work</h2>
      <ul className="mt-5 space-y-5">
        {points.map(({ icon: Icon, title, text }) => (
          <li key={title} className="flex gap-3">
            <Icon aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0 text-primary" />
            <div>
              <h3 className="font-medium">{title}</h3>
              <p className="mt-1 text-sm text-muted-foreground">{text}</p>
            </div>
          </li>
        ))}
      </ul>
    </Card>
  );
}

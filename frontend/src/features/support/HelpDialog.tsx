import { useState, type FormEvent, type ReactNode } from 'react';
import { Loader2 } from 'lucide-react';
import { LIMITS } from '@printloom/contracts/limits';
import { sendSupportMessage } from './api/send-support-message';
import { SUPPORT_EMAIL } from '../../lib/brand';
import { Button } from '../../components/ui/button';
import { Input } from '../../components/ui/input';
import { Dialog, DialogContent } from '../../components/ui/dialog';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs';
import { toast } from '../../components/ui/toast';

export const SUPPORT_TYPES = [
  { value: 'support', label: 'Support' },
  { value: 'feedback', label: 'Feedback' },
  { value: 'feature', label: 'Feature request' },
] as const;
type SupportType = (typeof SUPPORT_TYPES)[number]['value'];

/** Help: the prompt guide (passed in by the screen) and a message to support. */
export function HelpDialog({
  open,
  onOpenChange,
  email: accountEmail,
  guide,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  email?: string;
  guide: ReactNode;
}) {
  const [type, setType] = useState<SupportType>('support');
  const [email, setEmail] = useState(accountEmail ?? '');
  const [subject, setSubject] = useState('');
  const [message, setMessage] = useState('');
  const [busy, setBusy] = useState(false);

  async function send(event: FormEvent) {
    event.preventDefault();
    if (!email.trim() || !subject.trim() || !message.trim()) {
      toast({ title: 'Missing information', description: 'Please fill in all fields', variant: 'destructive' });
      return;
    }
    setBusy(true);
    try {
      await sendSupportMessage({ type, email: email.trim(), subject: subject.trim(), message: message.trim() });
      toast({ title: 'Message sent!', description: "We'll get back to you as soon as possible." });
      setSubject('');
      setMessage('');
      setType('support');
      onOpenChange(false);
    } catch {
      toast({ title: 'Failed to send', description: `Please try again or email us directly at ${SUPPORT_EMAIL}`, variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  }

  const field = 'w-full rounded-lg border border-zinc-300 bg-transparent px-3 py-2 text-sm dark:border-zinc-700';
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent title="Help & Support">
        <Tabs defaultValue="guide">
          <TabsList>
            <TabsTrigger value="guide">Prompt Guide</TabsTrigger>
            <TabsTrigger value="contact">Contact Us</TabsTrigger>
          </TabsList>
          <TabsContent value="guide" className="mt-4">
            {guide}
          </TabsContent>
          <TabsContent value="contact" className="mt-4">
            <form onSubmit={send} className="space-y-3" noValidate>
              <div className="space-y-1">
                <label htmlFor="support-type" className="text-sm font-medium">
                  Type
                </label>
                <select id="support-type" className={field} value={type} onChange={(event) => setType(event.target.value as SupportType)}>
                  {SUPPORT_TYPES.map((option) => (
                    <option key={option.value} value={option.value}>
                      {option.label}
                    </option>
                  ))}
                </select>
              </div>
              <div className="space-y-1">
                <label htmlFor="support-email" className="text-sm font-medium">
                  Email
                </label>
                <Input id="support-email" type="email" value={email} onChange={(event) => setEmail(event.target.value)} />
              </div>
              <div className="space-y-1">
                <label htmlFor="support-subject" className="text-sm font-medium">
                  Subject
                </label>
                <Input id="support-subject" value={subject} maxLength={200} onChange={(event) => setSubject(event.target.value)} />
              </div>
              <div className="space-y-1">
                <label htmlFor="support-message" className="text-sm font-medium">
                  Message
                </label>
                <textarea
                  id="support-message"
                  rows={4}
                  className={field}
                  value={message}
                  maxLength={LIMITS.supportFieldMaxChars}
                  onChange={(event) => setMessage(event.target.value)}
                />
              </div>
              <div className="flex justify-end">
                <Button type="submit" disabled={busy}>
                  {busy && <Loader2 className="size-4 animate-spin" aria-hidden />} Send Message
                </Button>
              </div>
            </form>
          </TabsContent>
        </Tabs>
      </DialogContent>
    </Dialog>
  );
}

// What the e-mail calls answer (spec 4 §3). Types only.

/** GET /api/mail: a message's sending, without its body. */
export type MailStatus = {
  id: number;
  to: string;
  subject: string;
  /** unsent: written while e-mail was off; it is never sent. */
  status: "pending" | "sent" | "failed" | "unsent";
  attempts: number;
  lastError: string | null;
  createdAt: Date;
  sentAt: Date | null;
};

/** GET /sim/mail/messages (demo mode): the demo mailbox, newest first. */
export type MailboxMessage = { id: number; to: string; subject: string; text: string; html: string; at: Date };

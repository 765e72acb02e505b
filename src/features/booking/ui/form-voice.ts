/**
 * The schedule form's words for whoever fills it in: a visitor booking for themself or, ticking
 * the box, an agent booking for a client; or the office booking a caller at the desk, who is the
 * client or the client's agent. Only the words differ: the fields, their checks and what is sent
 * are the same.
 */
export interface FormVoice {
  /** The step and the review's section of the people's details. */
  detailsTitle: string;
  agentBox: string;
  /** Labels when the client fills it in (or is on the telephone). */
  clientName: string;
  clientEmail: string;
  clientPhone: string;
  clientsAgentName: string;
  clientsAgentEmail: string;
  /** The box by which the client chooses whether their agent is copied, and what it means. */
  copyAgentBox: string;
  copyAgentHint: string;
  /** The box by which the client lets their copied agent have the inspection report, and what it means. */
  agentReportBox: string;
  agentReportHint: string;
  /** Labels when the agent fills it in (or is on the telephone). */
  agentName: string;
  agentEmail: string;
  agentEmailHint: string;
  agentPhone: string;
  heardFrom: string;
  notesHint: string;
}

export const VISITOR_VOICE: FormVoice = {
  detailsTitle: "Your details",
  agentBox: "I'm the buyer's agent, booking for my client",
  clientName: "Your name",
  clientEmail: "E-mail",
  clientPhone: "Phone",
  clientsAgentName: "Your agent's name",
  clientsAgentEmail: "Your agent's e-mail",
  copyAgentBox: "Copy my agent on the booking's e-mails",
  copyAgentHint:
    "Your agent then gets a copy of each e-mail about the time (booked, confirmed, moved, cancelled) with the calendar invite, and sees on their own page with us where the booking stands (signed, paid, report ready), but not your links to change the booking or sign the agreement, nor any amount. You can stop it on the page of your data.",
  agentReportBox: "Send my agent the inspection report too",
  agentReportHint:
    "The report is yours: without this, it goes to you alone. With it, your agent gets its e-mail and a link of their own once it is ready. You can change this on your booking's page until then.",
  agentName: "Your name (agent)",
  agentEmail: "Your e-mail (agent)",
  agentEmailHint: "You get the confirmation too.",
  agentPhone: "Your phone (agent)",
  heardFrom: "How did you hear about us?",
  notesHint: "Access, pets, a deadline in your contract, anything we should know.",
};

export const OFFICE_VOICE: FormVoice = {
  detailsTitle: "The client's details",
  agentBox: "The caller is the buyer's agent, booking for a client",
  clientName: "Client's name",
  clientEmail: "Client's e-mail",
  clientPhone: "Client's phone",
  clientsAgentName: "Client's agent's name",
  clientsAgentEmail: "Client's agent's e-mail",
  copyAgentBox: "Copy the client's agent on the booking's e-mails (only if the client asks)",
  copyAgentHint:
    "The agent then gets a copy of each e-mail about the time with the calendar invite, and sees where the booking stands on their own page, but not the client's links or any amount.",
  agentReportBox: "Send the agent the inspection report too (only if the client asks)",
  agentReportHint:
    "Without it, the report goes to the client alone. The client can change this on the booking's page until the report is ready.",
  agentName: "Agent's name",
  agentEmail: "Agent's e-mail",
  agentEmailHint: "The agent gets the confirmation too.",
  agentPhone: "Agent's phone",
  heardFrom: "How did the caller hear about us?",
  notesHint: "Access, pets, a deadline in the client's contract, anything the inspector should know.",
};

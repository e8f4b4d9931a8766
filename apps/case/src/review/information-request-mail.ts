/** The mail asking an invited applicant for more information (issue 45): what is asked, and where to answer. */
export function informationRequestMail(input: {
  requestId: string;
  applicant: { first_name: string; email: string };
  businessName: string;
  message: string;
  items: readonly string[];
  signInUrl: string;
}) {
  return {
    information_request_id: input.requestId,
    to_email: input.applicant.email,
    subject: `More information is needed to onboard ${input.businessName}`.slice(0, 200),
    body: [
      `Hello ${input.applicant.first_name},`,
      '',
      `The review of ${input.businessName} needs more information from you:`,
      '',
      input.message,
      ...(input.items.length > 0 ? ['', ...input.items.map((item) => `- ${item}`)] : []),
      '',
      `Sign in with your invitation to answer: ${input.signInUrl}`,
    ].join('\n'),
  };
}

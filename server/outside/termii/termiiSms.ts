import { timingSafeEqual } from "node:crypto";
import { NothingSent, type Transport } from "../outsideHttp";
import {
  type DeliveryReport,
  deliveryReportOf,
  type SendAnswer,
  sendAnswerOf,
  termiiSignature,
  termiiSignatureHeader,
} from "./termiiAnswers";
import { termiiClient } from "./termiiClient";

/** Where text messages leave: Termii, or its simulator while the simulators are on. */
export interface SmsGateway {
  readonly name: "termii";
  /** One message to one number (234…); never throws: what became of it is in the answer. */
  send(message: { to: string; text: string }): Promise<SendAnswer>;
  /** Whether a delivery report's body is signed with the account's secret. */
  verifyReport(rawBody: string, headers: Headers): boolean;
  parseReport(rawBody: string): DeliveryReport | null;
}

export interface TermiiOptions {
  baseUrl: string;
  apiKey: string;
  senderId: string;
  webhookSecret: string;
  timeoutMs: number;
  transport?: Transport;
}

export function createTermiiSms(options: TermiiOptions): SmsGateway {
  const client = termiiClient(options);
  return {
    name: "termii",
    async send({ to, text }) {
      try {
        const reply = await client.post("api/sms/send", {
          api_key: options.apiKey,
          to,
          from: options.senderId,
          sms: text,
          type: "plain",
          // Transactional traffic goes on the DND route: the generic one skips DND numbers and MTN at
          // night, and Termii blocks sender IDs that send transactional messages on it.
          channel: "dnd",
        });
        return sendAnswerOf(reply);
      } catch (error) {
        // Refused or unresolved: not a byte left, so Termii cannot have sent it.
        if (error instanceof NothingSent)
          return { kind: "refused", reason: `not reached (${error.message})` };
        const reason = error instanceof Error ? error.message.slice(0, 200) : "unknown";
        return { kind: "unclear", reason: `no answer (${reason})` };
      }
    },
    verifyReport(rawBody, headers) {
      const given = headers.get(termiiSignatureHeader) ?? "";
      if (!/^[0-9a-f]{128}$/i.test(given)) return false;
      const expected = termiiSignature(options.webhookSecret, rawBody);
      return timingSafeEqual(Buffer.from(given.toLowerCase(), "hex"), Buffer.from(expected, "hex"));
    },
    parseReport: deliveryReportOf,
  };
}

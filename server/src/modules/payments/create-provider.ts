import type { Config } from '../../config.js';
import type { Db } from '../../db/index.js';
import type { PaymentProvider } from './provider.js';
import { createRazorpayProvider } from './razorpay.js';
import { createTestGateway, type TestGateway } from './test-gateway.js';

/** Razorpay when its keys are set; otherwise the built-in test gateway (offline, no money). */
export async function createPaymentProvider(
  config: Config,
  db: Db,
): Promise<{ provider: PaymentProvider; testGateway?: TestGateway }> {
  if (config.razorpay) {
    return {
      provider: createRazorpayProvider({
        keyId: config.razorpay.keyId,
        keySecret: config.razorpay.keySecret,
        apiBase: config.razorpay.apiBase,
        timeoutMs: config.paymentTimeoutMs,
      }),
    };
  }
  const gateway = await createTestGateway(db);
  return { provider: gateway, testGateway: gateway };
}

import type { StudentFees } from '@vidyalaya/shared/fees';
import type {
  ConfirmPaymentInput,
  GatewaySettings,
  PayLinkResult,
  PayLinkView,
  PaymentConfirmation,
  PaymentOrderList,
  PaymentOrderResult,
  PaymentOrderStatus,
  PutGatewayInput,
  Reconciliation,
  SettlementReport,
} from '@vidyalaya/shared/online-payments';
import { api } from '../../../lib/api/api';

const school = (id: string) => `/schools/${encodeURIComponent(id)}`;
const link = (token: string) => `/public/pay/${encodeURIComponent(token)}`;

/** The online-payment calls (DECISIONS "Online fee payment"; docs/online-payments.md). */
export const onlinePaymentsApi = api.enhanceEndpoints({ addTagTypes: ['PaymentsGateway', 'PaymentOrders', 'PayDues'] }).injectEndpoints({
  endpoints: (b) => ({
    gateway: b.query<GatewaySettings, string>({
      query: (schoolId) => ({ url: `${school(schoolId)}/payments-gateway` }),
      providesTags: ['PaymentsGateway'],
    }),
    putGateway: b.mutation<GatewaySettings, { schoolId: string; body: PutGatewayInput }>({
      query: ({ schoolId, body }) => ({ url: `${school(schoolId)}/payments-gateway`, method: 'PUT', body }),
      invalidatesTags: ['PaymentsGateway'],
    }),
    paymentOrders: b.query<PaymentOrderList, { schoolId: string; status?: PaymentOrderStatus; page: number }>({
      query: ({ schoolId, status, page }) => ({ url: `${school(schoolId)}/payment-orders`, params: { ...(status ? { status } : {}), page, pageSize: 50 } }),
      providesTags: ['PaymentOrders'],
    }),
    childDues: b.query<StudentFees, { schoolId: string; studentId: string }>({
      query: ({ schoolId, studentId }) => ({ url: `${school(schoolId)}/students/${encodeURIComponent(studentId)}/fees` }),
      providesTags: ['PayDues'],
    }),
    openOrder: b.mutation<PaymentOrderResult, { schoolId: string; studentId: string; instalmentIds: string[] }>({
      query: ({ schoolId, studentId, instalmentIds }) => ({ url: `${school(schoolId)}/students/${encodeURIComponent(studentId)}/payment-orders`, method: 'POST', body: { instalmentIds } }),
    }),
    confirmOrder: b.mutation<PaymentConfirmation, { schoolId: string; orderId: string; body: ConfirmPaymentInput }>({
      query: ({ schoolId, orderId, body }) => ({ url: `${school(schoolId)}/payment-orders/${encodeURIComponent(orderId)}/confirm`, method: 'POST', body }),
      invalidatesTags: ['PayDues', 'PaymentOrders'],
    }),
    payLink: b.mutation<PayLinkResult, { schoolId: string; studentId: string }>({
      query: ({ schoolId, studentId }) => ({ url: `${school(schoolId)}/students/${encodeURIComponent(studentId)}/pay-links`, method: 'POST' }),
    }),
    reconciliation: b.query<Reconciliation, { schoolId: string; from: string; to: string }>({
      query: ({ schoolId, from, to }) => ({ url: `${school(schoolId)}/online-payments/reconciliation`, params: { from, to } }),
      providesTags: ['PaymentOrders'],
    }),
    settlements: b.query<SettlementReport, { schoolId: string; from: string; to: string }>({
      query: ({ schoolId, from, to }) => ({ url: `${school(schoolId)}/online-payments/settlements`, params: { from, to } }),
    }),
    payLinkView: b.query<PayLinkView, string>({
      query: (token) => ({ url: link(token), skipAuthRefresh: true }),
      providesTags: ['PayDues'],
    }),
    payLinkOrder: b.mutation<PaymentOrderResult, { token: string; instalmentIds: string[] }>({
      query: ({ token, instalmentIds }) => ({ url: `${link(token)}/orders`, method: 'POST', body: { instalmentIds }, skipAuthRefresh: true }),
    }),
    payLinkConfirm: b.mutation<PaymentConfirmation, { token: string; orderId: string; body: ConfirmPaymentInput }>({
      query: ({ token, orderId, body }) => ({ url: `${link(token)}/orders/${encodeURIComponent(orderId)}/confirm`, method: 'POST', body, skipAuthRefresh: true }),
      invalidatesTags: ['PayDues'],
    }),
  }),
});

export const {
  useGatewayQuery,
  usePutGatewayMutation,
  usePaymentOrdersQuery,
  useReconciliationQuery,
  useSettlementsQuery,
  useChildDuesQuery,
  useOpenOrderMutation,
  useConfirmOrderMutation,
  usePayLinkViewQuery,
  usePayLinkOrderMutation,
  usePayLinkConfirmMutation,
} = onlinePaymentsApi;

/** The reconciliation as an Excel workbook (the same query with format=xlsx). */
export const reconciliationXlsxPath = (schoolId: string, from: string, to: string) => `${school(schoolId)}/online-payments/reconciliation?from=${from}&to=${to}&format=xlsx`;

import type {
  CreateMessageTemplateInput,
  MessageList,
  MessagePreferencesInput,
  MessagePreferencesResult,
  MessagePreviewResult,
  MessageTemplateList,
  MessageTemplateResult,
  MessagingSettingsResult,
  MessagingTestInput,
  MessagingTestResult,
  PutMessagingSettingsInput,
} from '@vidyalaya/shared/messaging';
import { api } from '../../../lib/api/api';

const school = (id: string) => `/schools/${encodeURIComponent(id)}`;

/** The messaging calls (docs/messaging.md). */
export const messagingApi = api.enhanceEndpoints({ addTagTypes: ['Messaging', 'MessageTemplates', 'Messages', 'MessagePreferences'] }).injectEndpoints({
  endpoints: (b) => ({
    messagingSettings: b.query<MessagingSettingsResult, { schoolId: string }>({
      query: ({ schoolId }) => ({ url: `${school(schoolId)}/messaging` }),
      providesTags: ['Messaging'],
    }),
    putMessagingSettings: b.mutation<MessagingSettingsResult, { schoolId: string; body: PutMessagingSettingsInput }>({
      query: ({ schoolId, body }) => ({ url: `${school(schoolId)}/messaging`, method: 'PUT', body }),
      invalidatesTags: ['Messaging'],
    }),
    messageTemplates: b.query<MessageTemplateList, { schoolId: string }>({
      query: ({ schoolId }) => ({ url: `${school(schoolId)}/message-templates` }),
      providesTags: ['MessageTemplates'],
    }),
    createMessageTemplate: b.mutation<MessageTemplateResult, { schoolId: string; body: CreateMessageTemplateInput }>({
      query: ({ schoolId, body }) => ({ url: `${school(schoolId)}/message-templates`, method: 'POST', body }),
      invalidatesTags: ['MessageTemplates'],
    }),
    previewMessage: b.mutation<MessagePreviewResult, { schoolId: string; body: { body: string; variables: string[] } }>({
      query: ({ schoolId, body }) => ({ url: `${school(schoolId)}/messaging/preview`, method: 'POST', body }),
    }),
    testMessage: b.mutation<MessagingTestResult, { schoolId: string; body: MessagingTestInput }>({
      query: ({ schoolId, body }) => ({ url: `${school(schoolId)}/messaging/test`, method: 'POST', body }),
      invalidatesTags: ['Messages'],
    }),
    messages: b.query<MessageList, { schoolId: string; status?: string; event?: string; page?: number }>({
      query: ({ schoolId, ...params }) => ({ url: `${school(schoolId)}/messages`, params: Object.fromEntries(Object.entries(params).filter(([, v]) => v !== undefined && v !== '')) }),
      providesTags: ['Messages'],
    }),
    myMessagePreferences: b.query<MessagePreferencesResult, void>({
      query: () => ({ url: `/me/message-preferences` }),
      providesTags: ['MessagePreferences'],
    }),
    setMyMessagePreferences: b.mutation<MessagePreferencesResult, MessagePreferencesInput>({
      query: (body) => ({ url: `/me/message-preferences`, method: 'PATCH', body }),
      invalidatesTags: ['MessagePreferences'],
    }),
  }),
});

package dev.switchboard.protocol;

/** What a SendMessage returns: the task it created or continued, or a direct message. */
public sealed interface SendMessageResult permits Task, Message {
}

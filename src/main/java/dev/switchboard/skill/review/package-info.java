/**
 * The card-review skill: reads another agent's card (fetched or pasted) and reports what it
 * finds against A2A.
 */
package dev.switchboard.skill.review;

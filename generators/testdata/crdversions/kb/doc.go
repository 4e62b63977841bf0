// +groupName=kb.example.com
package v1
